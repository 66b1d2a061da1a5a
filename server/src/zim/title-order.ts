import { ZimError } from './errors.ts';

/**
 * Entries in title order, as path-order indexes read a slice at a time: from
 * the header's title pointer list (older files; every entry), or from a
 * listing entry holding 32-bit indexes (current files;
 * X/listing/titleOrdered/v1 lists the front articles only).
 */
export interface TitleOrder {
  count: number;
  /** `length` path-order indexes from position `from` */
  slice(from: number, length: number): Promise<number[]>;
}

/** A title order over `count` little-endian 32-bit indexes that `read(byteOffset, byteLength)` fetches. */
export function titleOrderOf(count: number, entryCount: number, read: (offset: number, length: number) => Promise<Buffer>): TitleOrder {
  return {
    count,
    async slice(from, length) {
      const n = Math.max(0, Math.min(length, count - from));
      const bytes = n === 0 ? Buffer.alloc(0) : await read(from * 4, n * 4);
      const indexes: number[] = [];
      for (let i = 0; i < n; i++) {
        const index = bytes.readUInt32LE(i * 4);
        if (index >= entryCount) throw new ZimError('ZIM_BAD_OFFSET', `title list names entry ${index} of ${entryCount}`);
        indexes.push(index);
      }
      return indexes;
    },
  };
}

/** Files with no title list at all: path order stands in, as the reference reader does. */
export const pathOrder = (entryCount: number): TitleOrder => ({
  count: entryCount,
  slice: (from, length) => {
    const n = Math.max(0, Math.min(length, entryCount - from));
    return Promise.resolve(Array.from({ length: n }, (_, i) => from + i));
  },
});
