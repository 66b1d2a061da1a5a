import { crc32 } from 'node:zlib';
import { xz } from '@napi-rs/lzma';
import { ZimError } from './errors.ts';

const XZ_FOOTER = Buffer.from('YZ');

/**
 * Where the xz stream at the start of `input` ends. The xz decoder refuses
 * bytes after a stream, and the last cluster has the dirents behind it, so
 * the stream is cut at its footer: 12 bytes ending in "YZ" whose CRC32 covers
 * the backward size and the flags, which repeat the header's.
 */
function xzStreamLength(input: Buffer): number {
  const flags = input.subarray(6, 8);
  for (let at = input.indexOf(XZ_FOOTER, 22); at !== -1; at = input.indexOf(XZ_FOOTER, at + 1)) {
    const footer = input.subarray(at - 10, at + 2);
    if (footer.subarray(8, 10).equals(flags) && crc32(footer.subarray(4, 10)) === footer.readUInt32LE(0)) return at + 2;
  }
  throw new ZimError('ZIM_CORRUPT', 'xz: no stream footer');
}

/**
 * An xz stream, decompressed up to `limit` bytes. Read as a stream and
 * cancelled at the bound, so a small hostile cluster never expands whole in
 * memory (the one-shot call has no output limit).
 */
export async function decompressXz(input: Buffer, limit: number): Promise<Buffer> {
  const stream = input.subarray(0, xzStreamLength(input));
  const reader = xz.decompressStream(new ReadableStream({ start: (controller) => { controller.enqueue(stream); controller.close(); } })).getReader();
  const chunks: Buffer[] = [];
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return Buffer.concat(chunks, total);
      total += value.length;
      if (total > limit) {
        await reader.cancel();
        throw new ZimError('ZIM_TOO_LARGE', `a cluster decompresses beyond ${limit} bytes`);
      }
      chunks.push(value);
    }
  } catch (error) {
    if (error instanceof ZimError) throw error;
    throw new ZimError('ZIM_CORRUPT', `xz: ${(error as Error).message}`);
  }
}
