import { api } from '../api/api.ts';
import type { ApiError } from '../api/client.ts';
import { fill } from '../ui/fill.ts';
import { notifyInfo } from '../ui/notifications/notifications-store.ts';
import { esSocial } from '../i18n/es-social.ts';
import { db, type OutboxEntry } from './db.ts';
import { createOutbox, type OutboxWrite, type SubmitOutcome } from './outbox.ts';
import { OUTBOX_FLAG } from './outbox-flag.ts';
import { linkedSession } from './session-link.ts';

/** Header the kit reads to run a replayed write once (docs/API-contributions.md). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
/** Retries after a failed attempt: 2 s, 4 s, 8 s… at most a minute apart. */
const RETRY_MAX_MS = 60_000;

type SentListener = (entry: OutboxEntry, answer: unknown) => void;
const sentListeners = new Set<SentListener>();
let retryTimer: ReturnType<typeof setTimeout> | undefined;

const session = linkedSession();

async function signedInUser(): Promise<number | null> {
  const { loggedIn, userId } = await session.load();
  return loggedIn ? userId : null;
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
    retryTimer = setTimeout(() => void flushOutbox().catch(() => undefined), Math.min(RETRY_MAX_MS, 1000 * 2 ** attempts));
  },
});

function setFlag(on: boolean): void {
  try {
    if (on) localStorage.setItem(OUTBOX_FLAG, '1');
    else localStorage.removeItem(OUTBOX_FLAG);
  } catch {
    // no storage: the library then always loads the outbox to look (outboxMayHoldEntries)
  }
}

async function updateFlag(): Promise<void> {
  if ((await db.outbox.count().catch(() => 0)) === 0) setFlag(false);
}

/** Sends what is queued (the online event, the retry timer, the start). */
export async function flushOutbox(): Promise<void> {
  await outbox.flush();
  await updateFlag();
}

/** Queues a write of the signed-in user and sends it now if the kit answers. */
export async function submitWrite(write: OutboxWrite): Promise<SubmitOutcome> {
  setFlag(true);
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

/** A user's queued and failed writes, oldest first (about one resource when given); for a live query. */
export function outboxEntriesOf(userId: number, resourceId?: number): Promise<OutboxEntry[]> {
  return db.outbox
    .where('userId')
    .equals(userId)
    .filter((entry) => resourceId === undefined || entry.resourceId === resourceId)
    .toArray();
}

/** Told of every queued write that reached the kit (pages add the new comment, list…). */
export function onWriteSent(listener: SentListener): () => void {
  sentListeners.add(listener);
  return () => sentListeners.delete(listener);
}

/**
 * What the user left on this phone goes with their session, so the next
 * person on a shared phone can neither send it nor see it. Writes still
 * queued are lost, and the user is told so rather than losing them silently
 * (those a page is waiting on are told on that page).
 * The library caches are public data and stay. `keep` is the user whose
 * entries stay (the one signed in now), null for nobody.
 */
export async function clearUserData(keep: number | null = null): Promise<void> {
  const gone = db.outbox.filter((entry) => entry.userId !== keep);
  // A write the page is still sending (a token refused mid-send) is told on the page, not as a change made offline.
  const pending = await gone.clone().filter((entry) => entry.status === 'pending' && !outbox.isAwaited(entry.id)).count();
  await gone.delete();
  await updateFlag();
  if (pending > 0) notifyInfo(esSocial.outbox.droppedOnLogout);
}

// A logout clears the outbox. The session feature (in every page's first
// download) does not load IndexedDB for that: the outbox watches the session
// while loaded, and when it loads it drops what a user who left behind.
// A session the kit refused (expired) is not a logout: its writes wait for
// that user's next login, and go when somebody else logs in.
let signedIn = session.current().loggedIn ? session.current().userId : null;
session.subscribe(() => {
  const { loggedIn, userId, expired } = session.current();
  const now = loggedIn ? userId : null;
  if (now === signedIn) return;
  signedIn = now;
  clearTimeout(retryTimer);
  if (now !== null) void clearUserData(now).then(flushOutbox).catch(() => undefined);
  else if (!expired) void clearUserData().catch(() => undefined);
});

// sent when the link returns, and once now that the outbox is loaded (a page that writes, the library)
globalThis.addEventListener('online', () => void flushOutbox().catch(() => undefined));
void session
  .load()
  .then(async ({ loggedIn, userId }) => {
    if (loggedIn || !session.current().expired) await clearUserData(loggedIn ? userId : null);
    await flushOutbox();
  })
  // without IndexedDB there is no outbox to send (writes then go straight to the kit)
  .catch(() => undefined);
