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
/** A zip archive of these files, stored without compression (what unzip and Android read). */
export function zipOf(files: Record<string, Buffer | string>): Buffer {
  const locals: Buffer[] = [];
  const directory: Buffer[] = [];
  let offset = 0;
  for (const [name, content] of Object.entries(files)) {
    const data = Buffer.from(content);
    const fileName = Buffer.from(name, 'utf8');
    const crc = zlib.crc32(data);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt32LE(crc, 14);
    local.writeUInt32LE(data.length, 18);
    local.writeUInt32LE(data.length, 22);
    local.writeUInt16LE(fileName.length, 26);
    const entry = Buffer.alloc(46);
    entry.writeUInt32LE(0x02014b50, 0);
    entry.writeUInt16LE(20, 4);
    entry.writeUInt16LE(20, 6);
    entry.writeUInt32LE(crc, 16);
    entry.writeUInt32LE(data.length, 20);
    entry.writeUInt32LE(data.length, 24);
    entry.writeUInt16LE(fileName.length, 28);
    entry.writeUInt32LE(offset, 42);
    locals.push(local, fileName, data);
    directory.push(entry, fileName);
    offset += local.length + fileName.length + data.length;
  }
  const dir = Buffer.concat(directory);
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Object.keys(files).length, 8);
  end.writeUInt16LE(Object.keys(files).length, 10);
  end.writeUInt32LE(dir.length, 12);
  end.writeUInt32LE(offset, 16);
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
