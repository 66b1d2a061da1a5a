import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { caller, contribWorld, files, leftovers, validDraft, type ContribWorld } from '../../test/contrib-helper.ts';
import { multipartFile } from '../../test/portal-helpers.ts';

/*
 * Every file route over a real socket on 127.0.0.1: a multipart body that
 * ends in the middle of the file (the phone's browser gave up, a proxy cut
 * it) is the client's fault, the same 400 UPLOAD_TRUNCATED on each route,
 * whether the route streams the file to disk or reads a small picture into
 * memory.
 */

let w: ContribWorld;
beforeAll(async () => {
  w = await contribWorld();
  await w.t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => w.t.close());

/** Sends the first half of a multipart body as the whole request body; the server answers and closes (Connection: close). */
async function halfBody(path: string, token: string, body: { payload: Buffer; headers: Record<string, string> }): Promise<{ status: number; code: string | undefined }> {
  const half = body.payload.subarray(0, Math.floor(body.payload.length / 2));
  const socket = net.connect((w.t.app.server.address() as AddressInfo).port, '127.0.0.1');
  socket.on('error', () => undefined);
  await new Promise<void>((resolve) => socket.once('connect', resolve));
  const head = [`POST /api${path} HTTP/1.1`, 'Host: 127.0.0.1', `Authorization: Bearer ${token}`, `Content-Type: ${body.headers['content-type']}`, `Content-Length: ${half.length}`, 'Connection: close'];
  socket.write(Buffer.concat([Buffer.from(`${head.join('\r\n')}\r\n\r\n`), half]));
  let answer = '';
  socket.setEncoding('utf8').on('data', (chunk: string) => (answer += chunk));
  // A FIN sent with the body would make Node end the connection before a slow route answers: the server closes it.
  await new Promise<void>((resolve) => socket.once('close', () => resolve()));
  const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(answer)?.[1]);
  const json = answer.slice(answer.indexOf('\r\n\r\n') + 4);
  return { status, code: (JSON.parse(json) as { error?: { code: string } }).error?.code };
}

describe('a multipart body cut in the middle of the file', () => {
  it('is 400 UPLOAD_TRUNCATED on every file route, leaving nothing behind', async () => {
    const call = caller(w);
    const draft = (await call('owner', 'POST', '/v2/resources', { payload: validDraft(w, { type: 1 }) })).json().id as number;
    const ad = (await call('owner', 'POST', '/v2/ads', { payload: { title: 'Vendo papa nativa', text: 'Papa amarilla de la cosecha.', contact: 'Rosa', category: 'venta', expiresInDays: 14 } })).json().id as number;
    const photo = multipartFile(await files.png(1200, 900), 'foto.png', { type: 'image/png' });
    const before = leftovers(w);
    const routes: Array<[string, string]> = [
      [`/v2/users/${w.ids.owner}/profile/image`, w.tokens.owner],
      [`/v2/resources/${draft}/cover`, w.tokens.owner],
      [`/v2/resources/${draft}/file`, w.tokens.owner],
      [`/v2/ads/${ad}/image`, w.tokens.owner],
      ['/v2/admin/banners/menuTop', w.tokens.admin],
    ];
    for (const [path, token] of routes) {
      expect(await halfBody(path, token, photo), path).toEqual({ status: 400, code: 'UPLOAD_TRUNCATED' });
    }
    expect(leftovers(w)).toEqual(before);
  });
});
