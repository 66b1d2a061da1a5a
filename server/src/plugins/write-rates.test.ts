import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../errors.ts';
import { buildTestApp, createUser, login, type TestApp } from '../../test/helper.ts';
import { WRITE_RATES, WriteRates, type WriteAction } from './write-rates.ts';

let t: TestApp;
let admin: Record<string, string>;
const users: Record<string, string>[] = [];

beforeAll(async () => {
  t = await buildTestApp();
  await createUser(t.app, 'jefa', 'secreto-jefa', { admin: true });
  admin = { authorization: `Bearer ${(await login(t.app, 'jefa', 'secreto-jefa')).token}` };
  for (let i = 0; i < 7; i++) {
    await createUser(t.app, `vecino${i}`, `secreto-${i}`);
    users.push({ authorization: `Bearer ${(await login(t.app, `vecino${i}`, `secreto-${i}`)).token}` });
  }
});
afterAll(async () => t.close());

/** An envelope of the right shape that no key signed: refused by the route, after the hook counted it. */
const UNSIGNED = { payload: '{}', signature: { keyId: '0123456789abcdef', publicKey: 'AAAA', signature: 'AAAA' } };

/**
 * One request per budget that passes validation and reaches the route (most
 * are then refused for a missing object, cheaply): what the hook counts.
 */
const SPENDERS: Record<WriteAction, Omit<InjectOptions, 'remoteAddress' | 'headers'>> = {
  registrations: { method: 'POST', url: '/api/user/create', payload: { user_name: 'vecino0', name: 'Ana', last_name: 'Quispe', password: 'clave-larga-1' } },
  comments: { method: 'POST', url: '/api/comment/create', payload: { content_id: 999_999, comment: 'Muy útil' } },
  reports: { method: 'POST', url: '/api/v2/resources/999999/report', payload: { reason: 'No es de dominio público' } },
  lists: { method: 'POST', url: '/api/v2/playlists/999999/items', payload: { resource_id: 1 } },
  uploads: { method: 'POST', url: '/api/uploads', payload: { resourceId: 999_999, size: 10 } },
  contact: { method: 'POST', url: '/api/v2/contact', payload: { name: 'Julia', replyTo: 'julia@correo.pe', message: 'Quisiera saber cuándo llega la radio.' } },
  hubReports: { method: 'POST', url: '/api/v2/sync/reports', payload: UNSIGNED },
  courierAnswers: { method: 'POST', url: '/api/v2/sync/courier', payload: UNSIGNED },
  clockHints: { method: 'POST', url: '/api/v2/clock/hint', payload: { now: '2026-12-02T08:00:00.000Z' } },
};

const send = (action: WriteAction, address: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> =>
  t.app.inject({ ...SPENDERS[action], headers, remoteAddress: address } as InjectOptions);

function expectRefused(res: LightMyRequestResponse, action: WriteAction, scope: 'user' | 'address'): void {
  expect(res.statusCode, res.body).toBe(429);
  const error = res.json().error;
  expect(error).toMatchObject({ code: 'RATE_LIMITED', data: { action, scope } });
  expect(error.message).toMatch(/^[^.]+\. Espera \d+ (segundos?|minutos?) y vuelve a intentarlo$/);
  const retryAfter = Number(res.headers['retry-after']);
  expect(retryAfter).toBe(error.data.retryAfterSeconds);
  const rule = scope === 'user' ? (WRITE_RATES[action] as { perUser: { windowMs: number } }).perUser : WRITE_RATES[action].perAddress;
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(rule.windowMs / 1000);
}

describe('write rates (plugins/write-rates.ts)', () => {
  it('names only routes the server has', () => {
    const registered = new Set(t.app.routeIndex.map((r) => `${r.method} ${r.url}`));
    expect(t.app.writeRates.routes().filter((route) => !registered.has(route))).toEqual([]);
  });

  it.each(['comments', 'reports', 'lists', 'uploads'] as const)('limits %s per account, whatever address the account writes from', async (action) => {
    const limit = WRITE_RATES[action].perUser.limit;
    const who = users[['comments', 'reports', 'lists', 'uploads'].indexOf(action)] ?? {};
    for (let i = 0; i < limit; i++) {
      const res = await send(action, `10.1.${i >> 8}.${i & 255}`, who);
      expect(res.statusCode, res.body).not.toBe(429);
    }
    expectRefused(await send(action, '10.9.9.9', who), action, 'user');
    // someone else at that address is not held back by it
    expect((await send(action, '10.9.9.9', users[6])).statusCode).not.toBe(429);
  });

  it.each(['registrations', 'contact', 'hubReports', 'courierAnswers'] as const)('limits %s per address, signed in or not', async (action) => {
    const limit = WRITE_RATES[action].perAddress.limit;
    for (let i = 0; i < limit; i++) {
      const res = await send(action, '10.2.0.1', i % 2 === 0 ? {} : (users[5] ?? {}));
      expect(res.statusCode, res.body).not.toBe(429);
    }
    expectRefused(await send(action, '10.2.0.1'), action, 'address');
    expect((await send(action, '10.2.0.2')).statusCode).not.toBe(429);
  });

  it('limits one address however many accounts write from it', async () => {
    const { perUser, perAddress } = WRITE_RATES.comments;
    const accounts = Math.ceil(perAddress.limit / perUser.limit);
    // a fresh app: the other tests spent these accounts' budgets
    const fresh = await buildTestApp();
    try {
      const tokens: Record<string, string>[] = [];
      for (let i = 0; i <= accounts; i++) {
        await createUser(fresh.app, `nat${i}`, `secreto-${i}`);
        tokens.push({ authorization: `Bearer ${(await login(fresh.app, `nat${i}`, `secreto-${i}`)).token}` });
      }
      const comment = (who: number) => fresh.app.inject({ ...SPENDERS.comments, headers: tokens[who], remoteAddress: '10.3.0.1' } as InjectOptions);
      for (let i = 0; i < perAddress.limit; i++) expect((await comment(i % accounts)).statusCode).not.toBe(429);
      const refused = await comment(accounts);
      expect(refused.statusCode).toBe(429);
      expect(refused.json().error.data.scope).toBe('address');
    } finally {
      await fresh.close();
    }
  });

  it('lets admins write past every limit', async () => {
    for (let i = 0; i <= WRITE_RATES.comments.perUser.limit; i++) expect((await send('comments', '10.4.0.1', admin)).statusCode).toBe(404);
  });

  it('does not count a body that fails validation', async () => {
    const who = users[4] ?? {};
    for (let i = 0; i <= WRITE_RATES.comments.perUser.limit; i++) {
      const res = await t.app.inject({ method: 'POST', url: '/api/comment/create', payload: { content_id: 'x' }, headers: who, remoteAddress: '10.5.0.1' });
      expect(res.statusCode).toBe(400);
    }
    expect((await send('comments', '10.5.0.1', who)).statusCode).toBe(404);
  });
});

describe('WriteRates', () => {
  it('lets a writer go on once the oldest write leaves the window', () => {
    let now = 1_000_000;
    const rates = new WriteRates({ notes: { routes: ['POST /api/notes'], perUser: { limit: 2, windowMs: 60_000 }, perAddress: { limit: 10, windowMs: 60_000 }, refusal: 'Demasiadas notas.' } }, () => now);
    rates.spend('POST /api/notes', 7, '10.0.0.1');
    now += 20_000;
    rates.spend('POST /api/notes', 7, '10.0.0.1');
    let refusal: unknown;
    try {
      rates.spend('POST /api/notes', 7, '10.0.0.2');
    } catch (error) {
      refusal = error;
    }
    expect(refusal).toBeInstanceOf(AppError);
    expect((refusal as AppError).data).toMatchObject({ retryAfterSeconds: 40, scope: 'user' });
    expect((refusal as AppError).message).toBe('Demasiadas notas. Espera 40 segundos y vuelve a intentarlo');
    now += 40_000;
    expect(() => rates.spend('POST /api/notes', 7, '10.0.0.1')).not.toThrow();
    // routes outside the table and anonymous calls to a per-user budget are not counted
    expect(() => rates.spend('POST /api/other', 7, '10.0.0.1')).not.toThrow();
    for (let i = 0; i < 20; i++) rates.spend('POST /api/notes', null, '10.0.0.1');
  });
});
