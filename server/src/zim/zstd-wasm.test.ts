import { randomBytes } from 'node:crypto';
import { constants, createZstdCompress, zstdCompressSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { decodeZstd, decoderMemoryBytes, frameOf, keepDecoded, type DecodedBytes } from './zstd-wasm.ts';

const MIB = 1024 * 1024;
/** Text that compresses, each line its own. */
const text = (bytes: number, seed = 1): Buffer => {
  const lines = Array.from({ length: Math.ceil(bytes / 24) }, (_, i) => `${seed}:${String((i * 7919 + seed) % 1_000_003).padStart(20, '0')}\n`);
  return Buffer.from(lines.join('')).subarray(0, bytes);
};
const nextTurn = (): Promise<void> => new Promise((resolve) => setImmediate(resolve));
const BLOCK = 128 * 1024;

/** One frame without its content size, as libzim writes them, a block ended after each piece (so its first blocks can be small, as libzim's are). */
async function frameOfPieces(pieces: Buffer[]): Promise<Buffer> {
  const compress = createZstdCompress({ params: { [constants.ZSTD_c_contentSizeFlag]: 0, [constants.ZSTD_c_checksumFlag]: 1 } });
  const out: Buffer[] = [];
  compress.on('data', (chunk: Buffer) => out.push(chunk));
  const ended = new Promise((resolve) => compress.on('end', resolve));
  for (const piece of pieces) {
    compress.write(piece);
    await new Promise<void>((resolve) => compress.flush(constants.ZSTD_e_flush, () => resolve()));
  }
  compress.end();
  await ended;
  return Buffer.concat(out);
}

describe('frameOf', () => {
  it.each([
    ['text in compressed blocks', text(700 * 1024), {}],
    ['random bytes in raw blocks', randomBytes(300 * 1024), {}],
    ['zeros in RLE blocks', Buffer.alloc(500 * 1024), {}],
    ['a frame with its checksum', text(200 * 1024), { [constants.ZSTD_c_checksumFlag]: 1 }],
    ['a frame without its content size', text(200 * 1024), { [constants.ZSTD_c_contentSizeFlag]: 0 }],
  ] as const)('finds where a frame of %s ends, whatever follows it, and a bound on what it decodes to', async (_kind, plain, params) => {
    const frame = zstdCompressSync(plain, { params });
    const found = frameOf(Buffer.concat([frame, Buffer.from([0x28, 0xb5, 0x2f, 0xfd, 1, 2, 3])]));
    expect(found.length).toBe(frame.length);
    expect(found.maxDecodedBytes).toBeGreaterThanOrEqual(plain.length);
    expect(found.maxDecodedBytes).toBeLessThan(plain.length + 128 * 1024);
    const decoded = await decodeZstd(Buffer.concat([frame, randomBytes(64)]), 64 * MIB);
    expect(decoded.copy(0, decoded.length).equals(plain)).toBe(true);
    decoded.release();
  });

  it('refuses bytes that are no zstd frame', () => {
    expect(() => frameOf(Buffer.from('<html></html>'))).toThrow(expect.objectContaining({ code: 'ZIM_CORRUPT' }));
  });
});

describe('decodeZstd', () => {
  it('decodes a frame whole and leaves the bytes after it alone', async () => {
    const plain = text(300 * 1024);
    const decoded = await decodeZstd(Buffer.concat([zstdCompressSync(plain), Buffer.from('dirents behind the last cluster')]), 64 * MIB);
    expect(decoded.length).toBe(plain.length);
    expect(decoded.copy(0, plain.length).equals(plain)).toBe(true);
    expect(decoded.copy(1000, 1010).equals(plain.subarray(1000, 1010))).toBe(true);
    decoded.release();
  });

  it('decodes a frame of several MiB', async () => {
    const plain = text(9 * MIB, 2);
    const decoded = await decodeZstd(zstdCompressSync(plain), 16 * MIB);
    expect(decoded.copy(0, decoded.length).equals(plain)).toBe(true);
    decoded.release();
  });

  it('refuses a frame that could decode beyond the bound with ZIM_TOO_LARGE, even one of zeros a few hundred bytes long', async () => {
    const bomb = zstdCompressSync(Buffer.alloc(3 * MIB));
    expect(bomb.length).toBeLessThan(4096);
    await expect(decodeZstd(bomb, 2 * MIB)).rejects.toMatchObject({ code: 'ZIM_TOO_LARGE' });
    // exactly the bound is not beyond it
    expect((await decodeZstd(zstdCompressSync(Buffer.alloc(2 * MIB)), 2 * MIB)).length).toBe(2 * MIB);
  });

  it('refuses a frame cut short, and bytes that are no frame, with ZIM_CORRUPT; the next frame decodes', async () => {
    const frame = zstdCompressSync(text(500 * 1024, 3));
    await expect(decodeZstd(frame.subarray(0, frame.length - 100), 64 * MIB)).rejects.toMatchObject({ code: 'ZIM_CORRUPT' });
    await expect(decodeZstd(Buffer.from('<html>no zstd here</html>'), 64 * MIB)).rejects.toMatchObject({ code: 'ZIM_CORRUPT' });
    const after = await decodeZstd(frame, 64 * MIB);
    expect(after.copy(0, after.length).equals(text(500 * 1024, 3))).toBe(true);
  });

  it('decodes only the blocks up to the wanted byte, a few more when they made less than guessed, and all of them when asked', async () => {
    const plain = text(3 * MIB, 6);
    // small blocks first, then full ones: a guess from the full ones falls short at the start
    const pieces = [6000, 1600, 3400, 7000, 15_000, 31_000, 68_000].map((bytes, i, all) => plain.subarray(all.slice(0, i).reduce((a, b) => a + b, 0), all.slice(0, i + 1).reduce((a, b) => a + b, 0)));
    const frame = await frameOfPieces([...pieces, plain.subarray(pieces.reduce((a, piece) => a + piece.length, 0))]);
    expect(frameOf(frame).blocks.length).toBeGreaterThan(20);
    for (const wanted of [1, 100_000, 200 * 1024, MIB + 5, 2 * MIB]) {
      const part = await decodeZstd(frame, 64 * MIB, wanted);
      expect(part.length, `wanted ${wanted}`).toBeGreaterThanOrEqual(wanted);
      expect(part.length, `wanted ${wanted}`).toBeLessThan(Math.max(wanted, 131_000) + 3 * BLOCK);
      expect(part.complete).toBe(false);
      expect(part.copy(0, part.length).equals(plain.subarray(0, part.length))).toBe(true);
      part.release();
    }
    const all = await decodeZstd(frame, 64 * MIB, 3 * MIB);
    expect(all.complete).toBe(true);
    expect(all.copy(0, all.length).equals(plain)).toBe(true);
    all.release();
  });

  it('decodes whole a frame that says its size (the blocks up to one are no frame of their own) and one of at most 1 MiB', async () => {
    const plain = text(2 * MIB, 7);
    const sized = await decodeZstd(zstdCompressSync(plain), 64 * MIB, 1000);
    expect(sized.complete).toBe(true);
    expect(sized.length).toBe(plain.length);
    sized.release();
    const small = await decodeZstd(await frameOfPieces([plain.subarray(0, MIB)]), 64 * MIB, 1000);
    expect(small.complete).toBe(true);
    expect(small.length).toBe(MIB);
    small.release();
  });

  it('reuses the memory of clusters let go: forty clusters of 2 MiB, two kept at a time, fit where the first few were', async () => {
    const frames = Array.from({ length: 8 }, (_, i) => zstdCompressSync(text(2 * MIB - i * 3000, i)));
    const kept: DecodedBytes[] = [];
    let afterFirst = 0;
    for (let round = 0; round < 40; round++) {
      kept.push(await decodeZstd(frames[round % frames.length] as Buffer, 64 * MIB));
      if (kept.length > 2) kept.shift()?.release();
      if (round === 3) afterFirst = await decoderMemoryBytes();
    }
    expect(await decoderMemoryBytes()).toBe(afterFirst);
    for (const bytes of kept) bytes.release();
  });

  it('decodes frames asked for at once, each into its own bytes', async () => {
    const plains = [1, 2, 3, 4, 5].map((seed) => text(2 * MIB, seed));
    const decoded = await Promise.all(plains.map((plain) => decodeZstd(zstdCompressSync(plain), 64 * MIB)));
    decoded.forEach((bytes, i) => expect(bytes.copy(0, bytes.length).equals(plains[i] as Buffer)).toBe(true));
  });
});

describe('DecodedBytes', () => {
  it('is freed when released, or when the last reader using it is done', async () => {
    const idle = await keepDecoded(Buffer.from('una página'));
    idle.release();
    expect(() => idle.copy(0, 1)).toThrow();
    const read = await keepDecoded(Buffer.from('otra página'));
    const text = await read.use(async (bytes) => {
      bytes.release(); // it left the cache while read
      await nextTurn();
      return bytes.copy(0, bytes.length).toString();
    });
    expect(text).toBe('otra página');
    expect(() => read.copy(0, 1)).toThrow();
    await expect(read.use(() => Promise.resolve(0))).rejects.toThrow();
  });

  it('refuses a span outside its bytes', async () => {
    const kept = await keepDecoded(Buffer.from('abc'));
    expect(() => kept.copy(2, 4)).toThrow(RangeError);
    kept.release();
  });
});
