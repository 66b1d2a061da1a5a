import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../api/client.ts';
import { PortalDb, type OutboxEntry } from './db.ts';
import { createOutbox, isTransient, type OutgoingRequest, type OutboxWrite } from './outbox.ts';

/**
 * The outbox against a stand-in for the kit's write side: it keeps the
 * first answer per Idempotency-Key like the server does
 * (server/src/modules/idempotency), and its link can be down, or lose the
 * answer after the write was made. The real server is exercised by
 * e2e/social.spec.ts.
 */
class Kit {
  link: 'up' | 'down' | 'drops-answers' = 'up';
  /** every request that reached the kit, in order, with its key */
  readonly received: OutgoingRequest[] = [];
  /** the writes actually made (a replayed key makes none) */
  readonly effects: string[] = [];
  /** paths the kit refuses, with the refusal */
  readonly refuse = new Map<string, ApiError>();
  private readonly answers = new Map<string, unknown>();
  private nextId = 100;

  send = async (request: OutgoingRequest): Promise<unknown> => {
    if (this.link === 'down') throw networkError();
    this.received.push(request);
    const refusal = this.refuse.get(request.path);
    if (refusal) throw refusal;
    let answer = this.answers.get(request.key);
    if (answer === undefined) {
      answer = { id: this.nextId++, path: request.path };
      this.answers.set(request.key, answer);
      this.effects.push(`${request.method} ${request.path}`);
    }
    if (this.link === 'drops-answers') throw networkError();
    return answer;
  };
}

function networkError(): ApiError {
  return new ApiError({ httpCode: 0, type: 'network', code: NETWORK_ERROR, message: 'sin red', data: null });
}

function refusal(httpCode: number, code: string, message: string): ApiError {
  return new ApiError({ httpCode, type: 'x', code, message, data: null });
}

const comment = (text: string): OutboxWrite => ({
  kind: 'comment',
  resourceId: 5,
  label: text,
  requests: [{ method: 'POST', path: '/comment/create', body: { content_id: 5, comment: text } }],
});

const favorite = (resourceId: number): OutboxWrite => ({
  kind: 'favorite',
  resourceId,
  label: 'fav',
  requests: [{ method: 'PUT', path: `/v2/resources/${resourceId}/favorite` }],
});

describe('the write outbox', () => {
  let db: PortalDb;
  let kit: Kit;
  let failed: { entry: OutboxEntry; error: ApiError }[];
  let retries: number[];
  let user: number | null;
  let keys: number;

  const outboxFor = () =>
    createOutbox({
      db,
      send: kit.send,
      currentUser: () => user,
      onFailed: (entry, error) => failed.push({ entry, error }),
      scheduleRetry: (attempts) => retries.push(attempts),
      newKey: () => `key-${++keys}`,
    });

  beforeEach(async () => {
    db = new PortalDb(`outbox-${Math.random()}`);
    await db.open();
    kit = new Kit();
    failed = [];
    retries = [];
    user = 1;
    keys = 0;
  });

  afterEach(async () => {
    await db.delete();
  });

  it('sends a write at once when the kit answers, and forgets it', async () => {
    const outbox = outboxFor();
    const outcome = await outbox.submit(comment('hola'));
    expect(outcome).toEqual({ sent: true, answer: { id: 100, path: '/comment/create' } });
    expect(kit.received.map((request) => request.key)).toEqual(['key-1']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('keeps writes made offline, in order, and sends them in that order when the link returns', async () => {
    const outbox = outboxFor();
    kit.link = 'down';
    expect(await outbox.submit(comment('primero'))).toEqual({ sent: false });
    expect(await outbox.submit(favorite(5))).toEqual({ sent: false });
    expect(await outbox.submit(comment('tercero'))).toEqual({ sent: false });
    const queued = await db.outbox.toArray();
    expect(queued.map((entry) => entry.status)).toEqual(['pending', 'pending', 'pending']);
    expect(retries.length).toBeGreaterThan(0);

    kit.link = 'up';
    await outbox.flush();
    expect(kit.effects).toEqual(['POST /comment/create', 'PUT /v2/resources/5/favorite', 'POST /comment/create']);
    expect(kit.received.map((request) => (request.body as { comment?: string } | undefined)?.comment ?? 'fav')).toEqual(['primero', 'fav', 'tercero']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('a write made while older ones wait is queued behind them, not sent ahead', async () => {
    const outbox = outboxFor();
    kit.link = 'down';
    await outbox.submit(comment('viejo'));
    kit.link = 'up';
    const outcome = await outbox.submit(comment('nuevo'));
    expect(outcome.sent).toBe(true);
    expect(kit.received.map((request) => (request.body as { comment: string }).comment)).toEqual(['viejo', 'nuevo']);
  });

  it('makes its own keys where crypto.randomUUID does not exist (a kit over plain HTTP, browsers before Chrome 92)', async () => {
    // Outside a secure context browsers leave randomUUID out of crypto.
    Object.defineProperty(globalThis.crypto, 'randomUUID', { value: undefined, configurable: true });
    try {
      const outbox = createOutbox({ db, send: kit.send, currentUser: () => user, onFailed: () => undefined, scheduleRetry: () => undefined });
      await outbox.submit(comment('uno'));
      await outbox.submit(comment('dos'));
      const [first, second] = kit.received.map((request) => request.key);
      expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}(?::\d+)?$/);
      expect(second).not.toBe(first);
    } finally {
      Reflect.deleteProperty(globalThis.crypto, 'randomUUID');
    }
    expect(typeof crypto.randomUUID).toBe('function');
  });

  it('sends each write with the key made when it was queued, the same on every attempt', async () => {
    const outbox = outboxFor();
    kit.link = 'down';
    await outbox.submit(comment('uno'));
    await outbox.flush();
    await outbox.flush();
    const [entry] = await db.outbox.toArray();
    expect(entry?.key).toBe('key-1');
    expect(entry?.attempts).toBe(3);

    // the write reaches the kit but its answer is lost: the replay carries the same key
    kit.link = 'drops-answers';
    await outbox.flush();
    kit.link = 'up';
    await outbox.flush();
    expect(kit.received.map((request) => request.key)).toEqual(['key-1', 'key-1']);
    expect(kit.effects).toEqual(['POST /comment/create']);
    expect(await db.outbox.count()).toBe(0);
  });

  it('never sends a write twice when two flushes run together (the online event and the retry timer)', async () => {
    const outbox = outboxFor();
    kit.link = 'down';
    await outbox.submit(comment('uno'));
    await outbox.submit(comment('dos'));
    kit.link = 'up';
    await Promise.all([outbox.flush(), outbox.flush(), outboxFor().flush()]);
    expect(kit.effects).toEqual(['POST /comment/create', 'POST /comment/create']);
    // a second outbox (another tab) may repeat a request, but with the same key, so the kit acts once
    expect(new Set(kit.received.map((request) => request.key))).toEqual(new Set(['key-1', 'key-2']));
  });

  it('fills a follow-up request with the first answer’s id and gives it its own stable key', async () => {
    const outbox = outboxFor();
    kit.link = 'down';
    await outbox.submit({
      kind: 'list',
      label: 'nueva lista',
      requests: [
        { method: 'POST', path: '/v2/playlists', body: { name: 'Cuentos' } },
        { method: 'POST', path: '/v2/playlists/{id}/items', body: { resource_id: 5 } },
      ],
    });
    kit.link = 'drops-answers';
    await outbox.flush();
    kit.link = 'up';
    await outbox.flush();
    expect(kit.received.map((request) => `${request.key} ${request.path}`)).toEqual([
      'key-1 /v2/playlists',
      'key-1 /v2/playlists',
      'key-1:1 /v2/playlists/100/items',
    ]);
    expect(kit.effects).toEqual(['POST /v2/playlists', 'POST /v2/playlists/100/items']);
  });

  it('a replayed write the kit refuses for good is kept as failed and told, and the next ones still go', async () => {
    const outbox = outboxFor();
    kit.link = 'down';
    await outbox.submit(favorite(9));
    await outbox.submit(comment('sigue'));
    kit.refuse.set('/v2/resources/9/favorite', refusal(404, 'RESOURCE_NOT_FOUND', 'El recurso no existe'));
    kit.link = 'up';
    await outbox.flush();
    expect(failed.map(({ entry, error }) => `${entry.kind} ${error.code}`)).toEqual(['favorite RESOURCE_NOT_FOUND']);
    const left = await db.outbox.toArray();
    expect(left).toMatchObject([{ kind: 'favorite', status: 'failed', lastError: 'El recurso no existe' }]);
    expect(kit.effects).toEqual(['POST /comment/create']);

    // failed writes are not sent again; the user dismisses them
    await outbox.flush();
    expect(kit.received.filter((request) => request.path === '/v2/resources/9/favorite')).toHaveLength(1);
    await outbox.dismiss(left[0]?.id ?? 0);
    expect(await db.outbox.count()).toBe(0);
  });

  it('an expired session stops the replay: every write waits for the next login, none is told as failed', async () => {
    const outbox = outboxFor();
    kit.link = 'down';
    await outbox.submit(comment('uno'));
    await outbox.submit(comment('dos'));
    kit.refuse.set('/comment/create', refusal(401, 'TOKEN_EXPIRED', 'Su token ha expirado, vuelva a iniciar sesión'));
    kit.link = 'up';
    await outbox.flush();
    expect(failed).toEqual([]);
    expect((await db.outbox.toArray()).map((entry) => entry.status)).toEqual(['pending', 'pending']);
    expect(kit.received).toHaveLength(1);
  });

  it('a refusal of a write the user is waiting on is thrown to them, not kept', async () => {
    const outbox = outboxFor();
    kit.refuse.set('/comment/create', refusal(400, 'COMMENT_EMPTY', 'El comentario está vacío'));
    await expect(outbox.submit(comment(' '))).rejects.toMatchObject({ code: 'COMMENT_EMPTY' });
    expect(failed).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
  });

  it('retries a kit that answers 5xx, and sends only the signed-in user’s writes', async () => {
    const outbox = outboxFor();
    kit.refuse.set('/comment/create', refusal(503, 'UNAVAILABLE', 'ocupado'));
    expect(await outbox.submit(comment('uno'))).toEqual({ sent: false });
    expect(await db.outbox.count()).toBe(1);
    kit.refuse.clear();
    user = 2;
    await outbox.flush();
    expect(kit.effects).toEqual([]);
    user = 1;
    await outbox.flush();
    expect(kit.effects).toEqual(['POST /comment/create']);
  });

  it('tells transient failures from final ones', () => {
    expect(isTransient(networkError())).toBe(true);
    expect(isTransient(refusal(503, 'UNAVAILABLE', ''))).toBe(true);
    expect(isTransient(new TypeError('Failed to fetch'))).toBe(true);
    expect(isTransient(refusal(404, 'RESOURCE_NOT_FOUND', ''))).toBe(false);
    expect(isTransient(refusal(422, 'IDEMPOTENCY_KEY_REUSED', ''))).toBe(false);
  });
});
