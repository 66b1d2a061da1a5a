import { createHash } from 'node:crypto';
import { IDEMPOTENCY_HEADER, IDEMPOTENCY_TTL_DAYS } from '@kit/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { deleteIdempotencyKeysBefore, findIdempotencyKey, saveIdempotencyKey } from './idempotency.repo.ts';

/** Set on an answer given again for a repeated Idempotency-Key. */
export const REPLAYED_HEADER = 'Idempotent-Replayed';

/** What makes two requests "the same operation": method, route, parameters and body. */
function fingerprintOf(request: FastifyRequest): string {
  const body = createHash('sha256')
    .update(JSON.stringify(request.body ?? null))
    .digest('hex');
  return `${request.method} ${request.routeOptions.url ?? request.url} ${JSON.stringify(request.params ?? {})} ${body}`;
}

/**
 * Runs a write at most once per Idempotency-Key and user. The offline outbox
 * sends each queued write with its own key; when a reply was lost and the
 * write is sent again, the first answer comes back (with Idempotent-Replayed:
 * true) and nothing happens twice. `effect` must be synchronous: the check,
 * the write and the stored answer are one SQLite transaction, so two copies
 * arriving together cannot both run. Only successful answers are kept (a
 * refused write changed nothing and may simply run again). The same key for
 * a different operation is refused (422).
 */
export function idempotent<T>(request: FastifyRequest, reply: FastifyReply, status: number, effect: () => T): T {
  const raw = request.headers[IDEMPOTENCY_HEADER];
  const key = typeof raw === 'string' ? raw : undefined;
  const viewer = request.viewer;
  const db = request.server.db;
  if (key === undefined || viewer === null) {
    const result = effect();
    void reply.code(status);
    return result;
  }
  const fingerprint = fingerprintOf(request);
  return db.transaction(() => {
    const found = findIdempotencyKey(db, viewer.id, key);
    if (found) {
      if (found.fingerprint !== fingerprint) throw new AppError('IDEMPOTENCY_KEY_REUSED', { key });
      request.log.info({ key }, 'idempotent replay');
      void reply.code(found.status).header(REPLAYED_HEADER, 'true');
      return JSON.parse(found.body) as T;
    }
    const result = effect();
    saveIdempotencyKey(db, { userId: viewer.id, key, fingerprint, status, body: JSON.stringify(result) });
    void reply.code(status);
    return result;
  })();
}

/** Forgets answers older than IDEMPOTENCY_TTL_DAYS; at start and hourly. */
export function sweepIdempotencyKeys(app: FastifyInstance, now: number = Date.now()): number {
  return deleteIdempotencyKeysBefore(app.db, new Date(now - IDEMPOTENCY_TTL_DAYS * 86_400_000).toISOString());
}

/** Registers the hourly sweep (and one at start) on the app. */
export async function idempotencyMaintenance(app: FastifyInstance): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  app.addHook('onReady', async () => {
    sweepIdempotencyKeys(app);
    timer = setInterval(() => sweepIdempotencyKeys(app), 3600_000);
    timer.unref();
  });
  app.addHook('onClose', async () => clearInterval(timer));
}
