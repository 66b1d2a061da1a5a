import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BLOCK_BYTES, CACHED_BLOCKS, FileReader } from './file-reader.ts';

let dir: string;
beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zim-reader-'));
});
afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

async function fileOf(bytes: Buffer): Promise<string> {
  const file = path.join(dir, `${randomBytes(6).toString('hex')}.bin`);
  await fs.writeFile(file, bytes);
  return file;
}

describe('FileReader', () => {
  it('gives exactly the bytes asked: within a block, across two, larger than one, at the end of a short last block', async () => {
    const bytes = randomBytes(3 * BLOCK_BYTES + 123);
    const reader = await FileReader.open(await fileOf(bytes));
    const cases: [number, number][] = [
      [0, 8],
      [BLOCK_BYTES - 4, 8],
      [BLOCK_BYTES - 1, BLOCK_BYTES],
      [10, 2 * BLOCK_BYTES],
      [3 * BLOCK_BYTES, 123],
      [bytes.length - 1, 1],
      [5, 0],
    ];
    // twice: the second pass comes from the kept blocks
    for (const pass of [1, 2]) {
      for (const [offset, length] of cases) expect((await reader.read(offset, length)).equals(bytes.subarray(offset, offset + length)), `${pass}: ${offset}+${length}`).toBe(true);
    }
    await expect(reader.read(bytes.length - 1, 2)).rejects.toMatchObject({ code: 'ZIM_BAD_OFFSET' });
    await reader.close();
  });

  it('keeps a bounded number of blocks, and reads one the cache let go again from the file', async () => {
    const bytes = randomBytes(80 * BLOCK_BYTES);
    const file = await fileOf(bytes);
    const reader = await FileReader.open(file);
    for (let block = 0; block < 80; block++) await reader.read(block * BLOCK_BYTES, 16);
    // block 0 was let go (64 are kept): a file changed since is read anew there, while block 79 is still the cached one
    const changed = Buffer.from(bytes);
    changed.fill(7, 0, 16);
    changed.fill(9, 79 * BLOCK_BYTES, 79 * BLOCK_BYTES + 16);
    await fs.writeFile(file, changed);
    expect(await reader.read(0, 16)).toEqual(Buffer.alloc(16, 7));
    expect(await reader.read(79 * BLOCK_BYTES, 16)).toEqual(bytes.subarray(79 * BLOCK_BYTES, 79 * BLOCK_BYTES + 16));
    await reader.close();
  });

  it('reads every block into the one slab it keeps, never a buffer per block', async () => {
    const blocks = 4 * CACHED_BLOCKS;
    const bytes = randomBytes(blocks * BLOCK_BYTES);
    const reader = await FileReader.open(await fileOf(bytes));
    const made: number[] = [];
    for (const name of ['allocUnsafe', 'allocUnsafeSlow'] as const) {
      const original = Buffer[name];
      vi.spyOn(Buffer, name).mockImplementation((size: number) => (made.push(size), original(size)));
    }
    try {
      const first = await reader.read(10, 100);
      for (let block = 0; block < blocks; block++) expect((await reader.read(block * BLOCK_BYTES + 5, 64)).equals(bytes.subarray(block * BLOCK_BYTES + 5, block * BLOCK_BYTES + 69))).toBe(true);
      // what was handed out is the caller's: the place it was read from has held three other blocks since
      expect(first.equals(bytes.subarray(10, 110))).toBe(true);
    } finally {
      vi.restoreAllMocks();
    }
    // the slab, once; and the copies handed out, which are small
    expect(made.filter((size) => size === CACHED_BLOCKS * BLOCK_BYTES)).toHaveLength(1);
    expect(made.filter((size) => size >= BLOCK_BYTES && size !== CACHED_BLOCKS * BLOCK_BYTES)).toEqual([]);
    await reader.close();
  });

  it('gives each of more readers at once than it keeps blocks their own bytes', async () => {
    const blocks = 3 * CACHED_BLOCKS;
    const bytes = randomBytes(blocks * BLOCK_BYTES);
    const reader = await FileReader.open(await fileOf(bytes));
    // each read spans two blocks, so a place is asked for while others are still being read into
    const offsets = Array.from({ length: blocks - 1 }, (_, block) => (block + 1) * BLOCK_BYTES - 50);
    const read = await Promise.all(offsets.map((offset) => reader.read(offset, 100)));
    read.forEach((got, i) => expect(got.equals(bytes.subarray(offsets[i], (offsets[i] as number) + 100)), `read ${i}`).toBe(true));
    await reader.close();
  });

  it('answers ZIM_TRUNCATED for bytes a file lost after it was opened', async () => {
    const file = await fileOf(randomBytes(2 * BLOCK_BYTES));
    const reader = await FileReader.open(file);
    await fs.truncate(file, BLOCK_BYTES + 10);
    await expect(reader.read(BLOCK_BYTES + 20, 8)).rejects.toMatchObject({ code: 'ZIM_TRUNCATED' });
    await reader.close();
  });
});
