import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ZIM_ERROR_CODES } from './errors.ts';
import { HEADER_SIZE, parseHeader } from './header.ts';
import { buildTestZim, type TestEntry, type TestZimOptions } from '../../test/zim-writer.ts';
import { ZimFile, type ZimItem, type ZimOpenOptions } from './zim-file.ts';

const ENTRIES: TestEntry[] = [
  { namespace: 'C', path: 'Portada', title: 'Página principal', mimeType: 'text/html', content: '<html><body>Hola</body></html>' },
  { namespace: 'C', path: 'Árbol', mimeType: 'text/html', content: `<html><body>${'ceiba '.repeat(500)}</body></html>` },
  { namespace: 'M', path: 'Title', mimeType: 'text/plain', content: 'Prueba' },
];
const XZ: TestZimOptions = { compression: 'xz', minorVersion: 1, blobsPerCluster: 2 };

let dir: string;
let count = 0;

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zim-refusals-'));
});

afterAll(async () => {
  await fs.rm(dir, { recursive: true, force: true });
});

/** A file of these bytes, opened (or refused). */
async function write(bytes: Buffer): Promise<string> {
  const file = path.join(dir, `f${count++}.zim`);
  await fs.writeFile(file, bytes);
  return file;
}

/** The base file with `change` made to its bytes; `change` gets the header to find what to break. */
function broken(change: (bytes: Buffer, header: ReturnType<typeof parseHeader>) => void, entries = ENTRIES, options = XZ): Buffer {
  const bytes = buildTestZim(entries, options);
  change(bytes, parseHeader(bytes.subarray(0, HEADER_SIZE), bytes.length));
  return bytes;
}

async function withZim<T>(bytes: Buffer, use: (zim: ZimFile) => Promise<T>, options?: ZimOpenOptions): Promise<T> {
  const zim = await ZimFile.open(await write(bytes), options);
  try {
    return await use(zim);
  } finally {
    await zim.close();
  }
}

async function item(zim: ZimFile, contentPath: string): Promise<ZimItem> {
  const entry = await zim.findContent(contentPath);
  if (entry?.kind !== 'item') throw new Error(`no item at ${contentPath}`);
  return entry;
}

describe('ZimFile refusals', () => {
  it('keeps every code in the one exported list', () => {
    expect(ZIM_ERROR_CODES).toEqual(expect.arrayContaining(['ZIM_NOT_ZIM', 'ZIM_VERSION', 'ZIM_TRUNCATED', 'ZIM_BAD_OFFSET', 'ZIM_CHECKSUM', 'ZIM_TOO_LARGE', 'ZIM_COMPRESSION']));
  });

  it('refuses a file that is not a ZIM with ZIM_NOT_ZIM', async () => {
    await expect(ZimFile.open(await write(Buffer.from('<html>no soy un ZIM</html>'.repeat(10))))).rejects.toMatchObject({ code: 'ZIM_NOT_ZIM' });
    await expect(ZimFile.open(await write(Buffer.alloc(0)))).rejects.toMatchObject({ code: 'ZIM_NOT_ZIM' });
  });

  it('refuses a major version other than 5 or 6 with ZIM_VERSION', async () => {
    await expect(ZimFile.open(await write(buildTestZim(ENTRIES, { ...XZ, majorVersion: 7 })))).rejects.toMatchObject({ code: 'ZIM_VERSION' });
  });

  it('refuses a cut copy with ZIM_TRUNCATED, in its body or in its header', async () => {
    const whole = buildTestZim(ENTRIES, XZ);
    await expect(ZimFile.open(await write(whole.subarray(0, whole.length - 100)))).rejects.toMatchObject({ code: 'ZIM_TRUNCATED' });
    await expect(ZimFile.open(await write(whole.subarray(0, 40)))).rejects.toMatchObject({ code: 'ZIM_TRUNCATED' });
  });

  it('refuses a header list that points past the end with ZIM_BAD_OFFSET', async () => {
    const bytes = broken((b) => b.writeBigUInt64LE(BigInt(b.length + 4096), 48));
    await expect(ZimFile.open(await write(bytes))).rejects.toMatchObject({ code: 'ZIM_BAD_OFFSET' });
  });

  it('refuses a dirent pointer and a cluster pointer past the end with ZIM_BAD_OFFSET', async () => {
    const direntPastEnd = broken((b, h) => b.writeBigUInt64LE(BigInt(b.length + 10), h.pathPointerPos));
    await withZim(direntPastEnd, async (zim) => {
      await expect(zim.entryAt(0)).rejects.toMatchObject({ code: 'ZIM_BAD_OFFSET' });
    });
    const clusterPastEnd = broken((b, h) => b.writeBigUInt64LE(BigInt(b.length * 2), h.clusterPointerPos));
    await withZim(clusterPastEnd, async (zim) => {
      await expect(zim.readItem(await item(zim, 'Portada'))).rejects.toMatchObject({ code: 'ZIM_BAD_OFFSET' });
    });
  });

  it('refuses a blob offset beyond its stored cluster with ZIM_BAD_OFFSET', async () => {
    const stored: TestZimOptions = { compression: 'none', minorVersion: 1, blobsPerCluster: 8 };
    const bytes = broken((b, h) => {
      const cluster = Number(b.readBigUInt64LE(h.clusterPointerPos));
      // the cluster's data opens with its blob offsets; offset 2 is where blob 1 (Árbol) ends
      b.writeUInt32LE(b.length * 4, cluster + 1 + 2 * 4);
    }, ENTRIES, stored);
    await withZim(bytes, async (zim) => {
      await expect(zim.readItem(await item(zim, 'Árbol'))).rejects.toMatchObject({ code: 'ZIM_BAD_OFFSET' });
    });
  });

  it('opens a file with a flipped byte but fails its checksum with ZIM_CHECKSUM', async () => {
    const bytes = broken((b) => {
      const middle = Math.floor(b.length / 2);
      b[middle] = (b[middle] ?? 0) ^ 0xff;
    });
    await withZim(bytes, async (zim) => {
      await expect(zim.verifyChecksum()).rejects.toMatchObject({ code: 'ZIM_CHECKSUM' });
    });
  });

  it('refuses the old zlib and bzip2 cluster compressions with ZIM_COMPRESSION', async () => {
    for (const code of [2, 3]) {
      const bytes = broken((b, h) => {
        b[Number(b.readBigUInt64LE(h.clusterPointerPos))] = code;
      });
      await withZim(bytes, async (zim) => {
        await expect(zim.readItem(await item(zim, 'Portada'))).rejects.toMatchObject({ code: 'ZIM_COMPRESSION' });
      });
    }
  });

  it.each(['xz', 'zstd'] as const)('refuses a %s cluster that decompresses beyond the bound with ZIM_TOO_LARGE, and caches nothing', async (compression) => {
    // 2 MiB of zeros compress to a few hundred bytes: a small file that would fill memory
    const bomb: TestEntry[] = [{ namespace: 'C', path: 'bomba', mimeType: 'text/html', content: Buffer.alloc(2 * 1024 * 1024) }];
    const bytes = buildTestZim(bomb, { compression, minorVersion: 1 });
    expect(bytes.length).toBeLessThan(64 * 1024);
    await withZim(
      bytes,
      async (zim) => {
        await expect(zim.readItem(await item(zim, 'bomba'))).rejects.toMatchObject({ code: 'ZIM_TOO_LARGE' });
        expect(zim.cacheBytes).toBe(0);
      },
      { maxClusterBytes: 1024 * 1024 },
    );
    // the same file under the default bound reads whole
    await withZim(bytes, async (zim) => {
      expect((await zim.readItem(await item(zim, 'bomba'))).length).toBe(2 * 1024 * 1024);
    });
  });

  it('holds the metadata it reads to 256 values of at most 16 KiB', async () => {
    const many: TestEntry[] = [
      ...Array.from({ length: 300 }, (_, i) => ({ namespace: 'M', path: `Dato${String(i).padStart(3, '0')}`, mimeType: 'text/plain', content: 'x' })),
      { namespace: 'M', path: 'Aaa', mimeType: 'text/plain', content: 'y'.repeat(16 * 1024 + 1) },
    ];
    await withZim(buildTestZim(many, XZ), async (zim) => {
      const metadata = await zim.metadata();
      expect(Object.keys(metadata)).toHaveLength(255);
      expect(metadata.Aaa).toBeUndefined();
      expect(metadata.Dato000).toBe('x');
    });
  });

  it('refuses redirects that go round in a circle with ZIM_REDIRECT_LOOP', async () => {
    const loop: TestEntry[] = [
      { namespace: 'C', path: 'a', redirectTo: { namespace: 'C', path: 'b' } },
      { namespace: 'C', path: 'b', redirectTo: { namespace: 'C', path: 'a' } },
    ];
    await withZim(buildTestZim(loop, XZ), async (zim) => {
      const entry = await zim.findContent('a');
      if (!entry) throw new Error('no entry a');
      await expect(zim.resolve(entry)).rejects.toMatchObject({ code: 'ZIM_REDIRECT_LOOP' });
    });
  });
});
