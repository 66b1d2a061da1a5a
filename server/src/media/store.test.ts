import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helper.ts';
import { sniff } from './sniff.ts';
import { cleanPartialFiles, mediaPath, mediaRoot, storeStream, TooLargeError } from './store.ts';

const pdf = Buffer.from('%PDF-1.4\n% prueba de documento\n');
const tmpFiles = (dataDir: string) => fs.readdirSync(path.join(mediaRoot(dataDir), 'tmp'));

describe('storeStream', () => {
  it('stores bytes under their sha256 and stores the same bytes once', async () => {
    const dataDir = tempDir();
    const a = await storeStream(dataDir, Readable.from([pdf]), () => 'pdf');
    const b = await storeStream(dataDir, Readable.from([pdf.subarray(0, 5), pdf.subarray(5)]), () => 'pdf');
    expect(a.sha256).toBe(createHash('sha256').update(pdf).digest('hex'));
    expect(a.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(b.sha256).toBe(a.sha256);
    expect(fs.readFileSync(mediaPath(dataDir, a.sha256, 'pdf'))).toEqual(pdf);
    expect(fs.readdirSync(path.join(mediaRoot(dataDir), a.sha256.slice(0, 2)))).toHaveLength(1);
    expect(tmpFiles(dataDir)).toEqual([]);
  });

  it('refuses a stream over the limit while streaming and leaves nothing behind', async () => {
    const dataDir = tempDir();
    let produced = 0;
    const endless = new Readable({
      read() {
        produced += 64 * 1024;
        this.push(Buffer.alloc(64 * 1024, 1));
      },
    });
    await expect(storeStream(dataDir, endless, () => 'bin', 1024 * 1024)).rejects.toBeInstanceOf(TooLargeError);
    expect(produced).toBeLessThan(4 * 1024 * 1024);
    expect(tmpFiles(dataDir)).toEqual([]);
  });

  it('removes the temp file when the type is refused', async () => {
    const dataDir = tempDir();
    await expect(
      storeStream(dataDir, Readable.from([Buffer.from('MZ not a media file')]), (head) => {
        const found = sniff(head);
        if (!found) throw new Error('tipo desconocido');
        return found.ext;
      }),
    ).rejects.toThrow('tipo desconocido');
    expect(tmpFiles(dataDir)).toEqual([]);
  });

  it('cleans partial files left by a crash', () => {
    const dataDir = tempDir();
    fs.mkdirSync(path.join(mediaRoot(dataDir), 'tmp'), { recursive: true });
    fs.writeFileSync(path.join(mediaRoot(dataDir), 'tmp', '123.part'), 'medio archivo');
    expect(cleanPartialFiles(dataDir)).toBe(1);
    expect(tmpFiles(dataDir)).toEqual([]);
  });

  it('never builds a path from an unchecked name', () => {
    expect(() => mediaPath('/data', '../../etc/passwd', 'pdf')).toThrow();
    expect(() => mediaPath('/data', 'a'.repeat(64), 'p/df')).toThrow();
  });
});

describe('sniff', () => {
  it.each([
    [[0xff, 0xd8, 0xff, 0xe0], 'image/jpeg'],
    [[0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a], 'image/png'],
    [[...Buffer.from('RIFF\0\0\0\0WEBPVP8 ')], 'image/webp'],
    [[...Buffer.from('%PDF-1.7')], 'application/pdf'],
    [[0, 0, 0, 0x20, ...Buffer.from('ftypisom')], 'video/mp4'],
    [[0x1a, 0x45, 0xdf, 0xa3], 'video/webm'],
    [[...Buffer.from('ID3\x04')], 'audio/mpeg'],
    [[...Buffer.from('OggS')], 'audio/ogg'],
    [[...Buffer.from('PK\x03\x04')], 'application/vnd.android.package-archive'],
  ])('recognises %j as %s', (bytes, mime) => {
    expect(sniff(Uint8Array.from(bytes))?.mime).toBe(mime);
  });

  it('recognises nothing in text or executables', () => {
    expect(sniff(Buffer.from('<script>alert(1)</script>'))).toBeNull();
    expect(sniff(Buffer.from('MZ\x90\x00'))).toBeNull();
  });
});
