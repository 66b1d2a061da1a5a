import { ZimError } from './errors.ts';
import type { FileReader } from './file-reader.ts';

/** Far more than any real list (a few dozen types); a list without its end within it is refused. */
const MAX_MIME_LIST_BYTES = 64 * 1024;

/** The MIME types, in the order dirents number them: zero-terminated strings ending with an empty one. */
export async function readMimeList(reader: FileReader, pos: number, end: number): Promise<string[]> {
  const bytes = await reader.read(pos, Math.min(MAX_MIME_LIST_BYTES, end - pos));
  const types: string[] = [];
  let start = 0;
  for (;;) {
    const zero = bytes.indexOf(0, start);
    if (zero === -1) throw new ZimError('ZIM_CORRUPT', 'the MIME list has no end');
    if (zero === start) return types;
    types.push(bytes.toString('utf8', start, zero));
    start = zero + 1;
  }
}
