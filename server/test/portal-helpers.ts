import type { FastifyInstance } from 'fastify';
import { createUser, login } from './helper.ts';

/** Test helpers of the portal feature (issue 7). */

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

/** Bytes a sniffer takes for a PNG picture. */
export const PNG_BYTES = Buffer.concat([Buffer.from('\x89PNG\r\n\x1a\n', 'latin1'), Buffer.alloc(200, 7)]);
/** Bytes a sniffer takes for a zip, i.e. an Android package. */
export const APK_BYTES = Buffer.concat([Buffer.from('PK\x03\x04', 'latin1'), Buffer.alloc(4000, 3)]);

export interface Viewers {
  admin: Record<string, string>;
  user: Record<string, string>;
  other: Record<string, string>;
  anonymous: Record<string, string>;
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
