import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';

let t: TestApp;
let port: number;

beforeAll(async () => {
  t = await buildTestApp();
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});

afterAll(async () => {
  await t.close();
});

/** Sends raw bytes (optionally half-closing after them) and reads everything the server answers. */
function raw(bytes: string, halfClose: boolean): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(bytes);
      if (halfClose) socket.end();
    });
    let answer = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('close', () => resolve(answer));
    socket.on('error', reject);
  });
}

function errorOf(answer: string): { status: number; error: { code: string; message: string; httpCode: number } } {
  const [head = '', body = ''] = answer.split('\r\n\r\n');
  return { status: Number(head.split(' ')[1]), error: (JSON.parse(body) as { error: { code: string; message: string; httpCode: number } }).error };
}

describe('requests the HTTP parser refuses before any route', () => {
  it('answers a body cut by a half-closed connection with the error object in Spanish', async () => {
    const answer = await raw('POST /api/auth HTTP/1.1\r\nHost: kit\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"user_name":"a', true);
    expect(errorOf(answer)).toEqual({ status: 400, error: expect.objectContaining({ httpCode: 400, code: 'REQUEST_MALFORMED', message: 'La petición llegó dañada o incompleta. Vuelve a intentarlo' }) });
  });

  it('answers bytes that are not HTTP, and headers too large, the same way', async () => {
    expect(errorOf(await raw('HELLO\r\n\r\n', false)).error.code).toBe('REQUEST_MALFORMED');
    const huge = `GET /api/health HTTP/1.1\r\nHost: kit\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`;
    expect(errorOf(await raw(huge, false))).toMatchObject({ status: 431, error: { code: 'HEADERS_TOO_LARGE' } });
  });
});
