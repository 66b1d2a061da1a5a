import { ApiError, NETWORK_ERROR } from '../api/client.ts';
import type { OutboxEntry, OutboxKind, OutboxRequest, PortalDb } from './db.ts';

/** A write to queue: what it is, for the page, and the request(s) that make it. */
export interface OutboxWrite {
  kind: OutboxKind;
  resourceId?: number | null;
  label: string;
  requests: OutboxRequest[];
}

/** One request as it goes out, with the Idempotency-Key it carries on every attempt. */
export interface OutgoingRequest extends OutboxRequest {
  key: string;
}

/** How a submitted write ended for the caller: sent now (with the last answer), or queued for later. */
export type SubmitOutcome = { sent: true; answer: unknown } | { sent: false };

export interface OutboxDeps {
  db: PortalDb;
  /** sends one request; rejects with an ApiError (NETWORK_ERROR when the kit cannot be reached) */
  send: (request: OutgoingRequest) => Promise<unknown>;
  /** the signed-in user, whose entries are sent; null sends nothing */
  currentUser: () => number | null | Promise<number | null>;
  /** a queued write the kit refused for good (not told for a write the user is waiting on: it is thrown to them) */
  onFailed?: (entry: OutboxEntry, error: ApiError) => void;
  /** a write that reached the kit, with its last answer */
  onSent?: (entry: OutboxEntry, answer: unknown) => void;
  /** asks to try again later (the runtime sets a timer); told the attempts made so far */
  scheduleRetry?: (attempts: number) => void;
  newKey?: () => string;
  now?: () => number;
}

/** A failure worth retrying: no answer (link down, kit restarting) or the kit briefly unable to answer. */
export function isTransient(error: unknown): boolean {
  if (!(error instanceof ApiError)) return true;
  return error.code === NETWORK_ERROR || error.httpCode === 0 || error.httpCode >= 500 || error.httpCode === 408 || error.httpCode === 429;
}

/**
 * A random (v4) UUID for an Idempotency-Key. Not crypto.randomUUID: browsers
 * offer it only in a secure context, which a kit over plain HTTP is not, and
 * only since Chrome 92 (docs/BROWSERS.md); getRandomValues has neither limit.
 */
export function newIdempotencyKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  bytes[6] = ((bytes[6] ?? 0) & 0x0f) | 0x40;
  bytes[8] = ((bytes[8] ?? 0) & 0x3f) | 0x80;
  const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}

/** The Idempotency-Key of the n-th request of an entry: the entry's own key, then `key:n`. */
export function requestKey(entry: Pick<OutboxEntry, 'key'>, index: number): string {
  return index === 0 ? entry.key : `${entry.key}:${index}`;
}

function fillPath(path: string, previous: unknown): string {
  const id = typeof previous === 'object' && previous !== null && 'id' in previous ? String(previous.id) : '';
  return path.replace('{id}', id);
}

interface Waiter {
  resolve: (outcome: SubmitOutcome) => void;
  reject: (error: unknown) => void;
}

/**
 * The write outbox: every change of comments, favourites, lists and the
 * profile is stored first, then sent in the order it was made. A write the
 * kit cannot receive stays queued and is sent again (same key) when asked to
 * flush: the online event, a retry timer, the next start. A refusal (4xx)
 * of a write the user is waiting on is thrown to them and forgotten; of a
 * replayed write it is kept as failed and told through `onFailed`.
 */
export function createOutbox(deps: OutboxDeps) {
  const { db, send } = deps;
  const newKey = deps.newKey ?? newIdempotencyKey;
  const now = deps.now ?? Date.now;
  const waiters = new Map<number, Waiter>();
  let running: Promise<void> | null = null;
  let again = false;

  async function deliver(entry: OutboxEntry): Promise<unknown> {
    let answer: unknown = null;
    for (const [index, request] of entry.requests.entries()) {
      answer = await send({ ...request, path: index === 0 ? request.path : fillPath(request.path, answer), key: requestKey(entry, index) });
    }
    return answer;
  }

  /** Sends the user's pending entries in order; stops at the first one the kit cannot receive. */
  async function drain(): Promise<void> {
    const userId = await deps.currentUser();
    if (userId === null) return;
    for (;;) {
      const entry = await db.outbox.where('userId').equals(userId).filter((item) => item.status === 'pending').first();
      if (!entry) return;
      const waiter = waiters.get(entry.id);
      try {
        const answer = await deliver(entry);
        await db.outbox.delete(entry.id);
        waiters.delete(entry.id);
        deps.onSent?.(entry, answer);
        waiter?.resolve({ sent: true, answer });
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        if (isTransient(error)) {
          const attempts = entry.attempts + 1;
          await db.outbox.update(entry.id, { attempts, lastError: message });
          deps.scheduleRetry?.(attempts);
          return;
        }
        // a refused session refuses every later write too: the write is not at fault, so a replayed one stays
        // queued for the user's next login (the session says the session ended, once)
        const sessionEnded = error instanceof ApiError && error.httpCode === 401;
        if (waiter) {
          // awaited until it is gone: a logout this refusal caused must not count it as a change made offline
          await db.outbox.delete(entry.id);
          waiters.delete(entry.id);
          waiter.reject(error);
        } else if (!sessionEnded) {
          await db.outbox.update(entry.id, { status: 'failed', attempts: entry.attempts + 1, lastError: message });
          deps.onFailed?.(entry, error as ApiError);
        }
        if (sessionEnded) return;
      }
    }
  }

  /** Sends what is pending; a call while a flush runs makes it look again once done. */
  function flush(): Promise<void> {
    again = true;
    running ??= (async () => {
      try {
        while (again) {
          again = false;
          await drain();
        }
      } finally {
        running = null;
        // whatever was waited on and is still queued will be sent later
        for (const [id, waiter] of waiters) {
          waiters.delete(id);
          waiter.resolve({ sent: false });
        }
      }
    })();
    return running;
  }

  /** Queues a write (with its key) behind the others; resolves once sent or queued, rejects with the kit's refusal. */
  async function submit(write: OutboxWrite): Promise<SubmitOutcome> {
    const userId = await deps.currentUser();
    if (userId === null) throw new Error('outbox: nobody is signed in');
    const entry = {
      userId,
      key: newKey(),
      kind: write.kind,
      resourceId: write.resourceId ?? null,
      label: write.label,
      requests: write.requests,
      createdAt: now(),
      attempts: 0,
      status: 'pending',
      lastError: null,
    } as Omit<OutboxEntry, 'id'>;
    let id: number;
    try {
      id = await db.outbox.add(entry as OutboxEntry);
    } catch {
      // no IndexedDB (a private window of some browsers): sent now or not at all, as without an outbox
      return { sent: true, answer: await deliver({ ...entry, id: 0 }) };
    }
    const outcome = new Promise<SubmitOutcome>((resolve, reject) => waiters.set(id, { resolve, reject }));
    // a storage failure while sending leaves the write queued; its waiter is told so when the flush ends
    void flush().catch(() => undefined);
    return outcome;
  }

  /** Forgets a failed entry once the user has read about it. */
  async function dismiss(id: number): Promise<void> {
    await db.outbox.delete(id);
  }

  /** Whether anything of the user is still to be sent. */
  async function hasPending(userId: number): Promise<boolean> {
    return (await db.outbox.where('userId').equals(userId).filter((item) => item.status === 'pending').count()) > 0;
  }

  /** Whether a page waits on this entry's answer: its fate is told there, not as a change made offline. */
  const isAwaited = (id: number): boolean => waiters.has(id);

  return { submit, flush, dismiss, hasPending, isAwaited };
}

export type Outbox = ReturnType<typeof createOutbox>;
