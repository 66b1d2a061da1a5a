import { api } from '../api/api.ts';
import type { ApiError } from '../api/client.ts';
import { fill } from '../features/library/fill.ts';
import { notifyInfo } from '../features/notifications/notifications-store.ts';
import { ensureSessionLoaded } from '../features/session/session-store.ts';
import { esSocial } from '../i18n/es-social.ts';
import { db, type OutboxEntry } from './db.ts';
import { createOutbox, type OutboxWrite, type SubmitOutcome } from './outbox.ts';
import { forgetOutboxFlag, markOutboxUsed } from './outbox-flag.ts';

/** Header the kit reads to run a replayed write once (docs/API-contributions.md). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Retries after a failed attempt: 2 s, 4 s, 8 s… at most a minute apart. */
const RETRY_MAX_MS = 60_000;

type SentListener = (entry: OutboxEntry, answer: unknown) => void;
const sentListeners = new Set<SentListener>();
let retryTimer: ReturnType<typeof setTimeout> | undefined;

async function signedInUser(): Promise<number | null> {
  const session = await ensureSessionLoaded();
  return session.loggedIn ? session.userId : null;
}

const outbox = createOutbox({
  db,
  send: ({ method, path, body, key }) => api.request(path, { method, body, headers: { [IDEMPOTENCY_KEY_HEADER]: key } }),
  currentUser: signedInUser,
  onFailed: (entry, error: ApiError) => notifyInfo(fill(esSocial.outbox.failed, { what: entry.label, why: error.message })),
  onSent: (entry, answer) => {
    for (const listener of sentListeners) listener(entry, answer);
  },
  scheduleRetry: (attempts) => {
    clearTimeout(retryTimer);
    retryTimer = setTimeout(() => void flushOutbox(), Math.min(RETRY_MAX_MS, 1000 * 2 ** attempts));
  },
});

async function updateFlag(): Promise<void> {
  if ((await db.outbox.count()) === 0) forgetOutboxFlag();
}

/** Sends what is queued (the online event, the retry timer, the start). */
export async function flushOutbox(): Promise<void> {
  await outbox.flush();
  await updateFlag();
}

/** Queues a write of the signed-in user and sends it now if the kit answers. */
export async function submitWrite(write: OutboxWrite): Promise<SubmitOutcome> {
  markOutboxUsed();
  try {
    return await outbox.submit(write);
  } finally {
    await updateFlag();
  }
}

/** Forgets a failed write the user has seen. */
export async function dismissWrite(id: number): Promise<void> {
  await outbox.dismiss(id);
  await updateFlag();
}

/** Told of every queued write that reached the kit (pages add the new comment, list…). */
export function onWriteSent(listener: SentListener): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

globalThis.addEventListener('online', () => void flushOutbox());
