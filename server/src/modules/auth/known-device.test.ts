import { randomBytes } from 'node:crypto';
import fastifyCookie from '@fastify/cookie';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KNOWN_DEVICE_COOKIE, KNOWN_DEVICE_MAX_ACCOUNTS, KNOWN_DEVICE_TTL_SECONDS, KnownDevices } from './known-device.ts';

let now = Date.now();
const secret = randomBytes(32);
let app: FastifyInstance;

/** A bare app that remembers and asks about account keys, as the login routes do. */
async function deviceApp(devices: KnownDevices): Promise<FastifyInstance> {
  const a = Fastify();
  await a.register(fastifyCookie);
  a.post<{ Params: { key: string } }>('/api/remember/:key', async (request, reply) => {
    devices.remember(request, reply, request.params.key);
    return {};
  });
  a.get<{ Params: { key: string } }>('/api/knows/:key', async (request) => ({ known: devices.knows(request, request.params.key) }));
  return a;
}

beforeAll(async () => {
  app = await deviceApp(new KnownDevices(secret, () => now));
});
afterAll(() => app.close());

const key = (i: number) => i.toString(16).padStart(32, '0');
async function remember(accountKey: string, cookie = ''): Promise<string> {
  const res = await app.inject({ method: 'POST', url: `/api/remember/${accountKey}`, headers: cookie ? { cookie } : {} });
  const set = String(res.headers['set-cookie']);
  expect(set).toMatch(new RegExp(`^${KNOWN_DEVICE_COOKIE}=[^;]+; Max-Age=${KNOWN_DEVICE_TTL_SECONDS}; Path=/api; HttpOnly; SameSite=Lax$`));
  return set.split(';')[0] ?? '';
}
const knows = async (accountKey: string, cookie: string, on = app): Promise<boolean> =>
  (await on.inject({ method: 'GET', url: `/api/knows/${accountKey}`, headers: { cookie } })).json().known as boolean;

describe('KnownDevices', () => {
  it('knows the accounts that logged in on the phone, the last 8 of them', async () => {
    let cookie = '';
    for (let i = 1; i <= KNOWN_DEVICE_MAX_ACCOUNTS + 1; i++) cookie = await remember(key(i), cookie);
    expect(await knows(key(1), cookie)).toBe(false);
    for (let i = 2; i <= KNOWN_DEVICE_MAX_ACCOUNTS + 1; i++) expect(await knows(key(i), cookie)).toBe(true);
    // logging in again moves an account to the front, so it stays
    cookie = await remember(key(2), cookie);
    cookie = await remember(key(20), cookie);
    expect(await knows(key(2), cookie)).toBe(true);
    expect(await knows(key(3), cookie)).toBe(false);
  });

  it('trusts no changed, foreign-key or expired cookie', async () => {
    const cookie = await remember(key(7));
    expect(await knows(key(7), cookie)).toBe(true);
    const [payload = '', signature = ''] = cookie.slice(KNOWN_DEVICE_COOKIE.length + 1).split('.');
    const otherPayload = Buffer.from(Buffer.from(payload, 'base64url').toString('utf8').replace(key(7), key(8))).toString('base64url');
    expect(await knows(key(8), `${KNOWN_DEVICE_COOKIE}=${otherPayload}.${signature}`)).toBe(false);
    const otherKit = await deviceApp(new KnownDevices(randomBytes(32), () => now));
    try {
      expect(await knows(key(7), cookie, otherKit)).toBe(false);
    } finally {
      await otherKit.close();
    }
    now += KNOWN_DEVICE_TTL_SECONDS * 1000 + 1000;
    expect(await knows(key(7), cookie)).toBe(false);
  });
});
