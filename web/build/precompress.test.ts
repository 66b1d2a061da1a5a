// @vitest-environment node
import { randomBytes } from 'node:crypto';
import { mkdtemp, mkdir, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { precompressDirectory } from './precompress.ts';

describe('precompressDirectory', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'kit-precompress-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('writes .br and .gz beside text assets of 1 KB or more, in subfolders too, that decompress to the original', async () => {
    const big = 'export const menu = "Biblioteca";\n'.repeat(100);
    await mkdir(path.join(dir, 'assets'));
    await writeFile(path.join(dir, 'assets', 'index-abc.js'), big);
    await writeFile(path.join(dir, 'manifest.webmanifest'), JSON.stringify({ name: 'Kit Portal', pad: 'x'.repeat(2000) }));

    const written = await precompressDirectory(dir);

    expect(written.map((file) => path.relative(dir, file))).toEqual([
      'assets/index-abc.js.br',
      'assets/index-abc.js.gz',
      'manifest.webmanifest.br',
      'manifest.webmanifest.gz',
    ]);
    const js = path.join(dir, 'assets', 'index-abc.js');
    expect(brotliDecompressSync(await readFile(`${js}.br`)).toString()).toBe(big);
    expect(gunzipSync(await readFile(`${js}.gz`)).toString()).toBe(big);
  });

  it('leaves small files, images and other types alone', async () => {
    await writeFile(path.join(dir, 'small.js'), 'export {};');
    await writeFile(path.join(dir, 'icon.png'), Buffer.alloc(4096, 1));
    await writeFile(path.join(dir, 'video.mp4'), Buffer.alloc(4096, 1));

    expect(await precompressDirectory(dir)).toEqual([]);
    expect((await readdir(dir)).sort()).toEqual(['icon.png', 'small.js', 'video.mp4']);
  });

  it('skips a copy that would not be smaller', async () => {
    await writeFile(path.join(dir, 'noise.svg'), randomBytes(4096));
    expect(await precompressDirectory(dir)).toEqual([]);
  });
});
