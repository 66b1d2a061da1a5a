import zlib from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import sharp from 'sharp';
import { beforeAll } from 'vitest';
import { createUser, login, type TestApp } from './helper.ts';

/** Test helpers of the portal feature (docs/API-portal.md). */

/** A multipart/form-data body with one file part, as a phone's browser sends it. */
export function multipartFile(bytes: Buffer, fileName: string, opts: { field?: string; type?: string } = {}): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----kit${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${opts.field ?? 'file'}"; filename="${fileName}"\r\nContent-Type: ${opts.type ?? 'application/octet-stream'}\r\n\r\n`,
    'utf8',
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`, 'utf8');
  return { payload: Buffer.concat([head, bytes, tail]), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** A real PNG picture of one colour (`shade` tells pictures apart), `width` × `height` pixels. */
export const pngPicture = (width = 64, height = 48, shade = 90): Promise<Buffer> =>
  sharp({ create: { width, height, channels: 3, background: { r: shade, g: 160, b: 40 } } })
    .png()
    .toBuffer();

/** Bytes a sniffer takes for a PNG picture (no decoder does). */
export const PNG_BYTES = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(200, 7)]);
/** A little-endian record of `length` bytes with these [offset, width, value] fields; the rest zero. */
function record(length: number, fields: Array<[at: number, width: 2 | 4, value: number]>): Buffer {
  const bytes = Buffer.alloc(length);
  for (const [at, width, value] of fields) {
    if (width === 2) bytes.writeUInt16LE(value, at);
    else bytes.writeUInt32LE(value, at);
  }
  return bytes;
}

/** A zip archive of these files, stored without compression (what unzip and Android read). */
export function zipOf(files: Record<string, Buffer | string>): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content);
    const fileName = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data);
    const sizes: Array<[number, 2 | 4, number]> = [[0, 4, crc], [4, 4, data.length], [8, 4, data.length], [12, 2, fileName.length]];
    const at = (start: number) => sizes.map(([o, w, v]): [number, 2 | 4, number] => [start + o, w, v]);
    locals.push(record(30, [[0, 4, 0x04034b50], [4, 2, 20], ...at(14)]), fileName, data);
    directory.push(record(46, [[0, 4, 0x02014b50], [4, 2, 20], [6, 2, 20], ...at(16), [42, 4, offset]]), fileName);
    offset += 30 + fileName.length + data.length;
  }
  const dir = Buffer.concat(directory);
  const count = Object.keys(files).length;
  const end = record(22, [[0, 4, 0x06054b50], [8, 2, count], [10, 2, count], [12, 4, dir.length], [16, 4, offset]]);
  return Buffer.concat([...locals, dir, end]);
}

/** An Android package: a zip whose directory lists AndroidManifest.xml. */
export const APK_BYTES = zipOf({ 'AndroidManifest.xml': '<manifest package="pe.kit.prueba"/>', 'classes.dex': Buffer.alloc(4000, 3) });
/** A zip that is no Android package. */
export const ZIP_BYTES = zipOf({ 'LEEME.txt': 'Un navegador portátil para computadoras antiguas.', 'programa.bin': Buffer.alloc(3000, 5) });

export interface Viewers {
  admin: Record<string, string>;
  user: Record<string, string>;
  other: Record<string, string>;
  anonymous: Record<string, string>;
}

/** makeViewers for the shared app of a file (appForFile), made once before its tests. */
export function viewersForFile(t: TestApp): Awaited<ReturnType<typeof makeViewers>> {
  const shared = {} as Awaited<ReturnType<typeof makeViewers>>;
  beforeAll(async () => {
    Object.assign(shared, await makeViewers(t.app));
  }, 60_000);
  return shared;
}

/** An admin, two villagers and nobody, as Authorization headers. */
export async function makeViewers(app: FastifyInstance): Promise<Viewers & { ids: { admin: number; user: number; other: number } }> {
  const ids = {
    admin: await createUser(app, 'jefa', 'secreto-jefa', { admin: true }),
    user: await createUser(app, 'rosa', 'secreto-rosa'),
    other: await createUser(app, 'pedro', 'secreto-pedro'),
  };
  const bearer = async (name: string, password: string) => ({ authorization: `Bearer ${(await login(app, name, password)).token}` });
  return {
    ids,
    admin: await bearer('jefa', 'secreto-jefa'),
    user: await bearer('rosa', 'secreto-rosa'),
    other: await bearer('pedro', 'secreto-pedro'),
    anonymous: {},
  };
}
