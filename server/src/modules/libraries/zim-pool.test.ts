import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestZim } from '../../../test/zim-writer.ts';
import { ZimPool } from './zim-pool.ts';

let dir: string;
const files: string[] = [];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zim-pool-'));
  for (const name of ['a', 'b', 'c']) {
    const file = path.join(dir, `${name}.zim`);
    await fs.writeFile(file, buildTestZim([{ namespace: 'C', path: 'Portada', mimeType: 'text/html', content: `<p>${name}</p>` }], { compression: 'zstd', minorVersion: 1 }));
    files.push(file);
  }
});

afterAll(() => fs.rm(dir, { recursive: true, force: true }));

/** The main text of the open file, read now. */
async function read(zim: Awaited<ReturnType<ZimPool['acquire']>>['zim']): Promise<string> {
  const entry = await zim.findContent('Portada');
  const item = entry && (await zim.resolve(entry));
  if (!item) throw new Error('no Portada');
  return (await zim.readItem(item)).toString('utf8');
}

describe('ZimPool', () => {
  it('shares one open file per sha256 and keeps at most its bound, the least recently used out', async () => {
    const pool = new ZimPool(2);
    const first = await pool.acquire('a', files[0] ?? '');
    const again = await pool.acquire('a', files[0] ?? '');
    expect(again.zim).toBe(first.zim);
    first.release();
    again.release();
    (await pool.acquire('b', files[1] ?? '')).release();
    (await pool.acquire('a', files[0] ?? '')).release();
    (await pool.acquire('c', files[2] ?? '')).release();
    expect(pool.size).toBe(2);
    expect(['a', 'b', 'c'].map((sha) => pool.has(sha))).toEqual([true, false, true]);
    await pool.close();
    expect(pool.size).toBe(0);
  });

  it('closes an evicted or forgotten file only once its last reader is done', async () => {
    const pool = new ZimPool(1);
    const reading = await pool.acquire('a', files[0] ?? '');
    (await pool.acquire('b', files[1] ?? '')).release();
    expect(pool.has('a')).toBe(false);
    expect(await read(reading.zim)).toBe('<p>a</p>');
    reading.release();
    await expect.poll(() => read(reading.zim).then(() => 'open', () => 'closed')).toBe('closed');

    const held = await pool.acquire('c', files[2] ?? '');
    pool.forget('c');
    expect(await read(held.zim)).toBe('<p>c</p>');
    held.release();
    await expect.poll(() => read(held.zim).then(() => 'open', () => 'closed')).toBe('closed');
    await pool.close();
  });
});
