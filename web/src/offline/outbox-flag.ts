/**
 * A word in localStorage saying the outbox may hold entries, so that /menu
 * and the session load the outbox (and IndexedDB) only when there is
 * something to send or to clear. Set when a write is queued, dropped when a
 * flush or a logout leaves the outbox empty.
 */
const FLAG = 'kp-outbox';

function storage(): Storage | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null;
  }
}

export function markOutboxUsed(): void {
  storage()?.setItem(FLAG, '1');
}

export function forgetOutboxFlag(): void {
  storage()?.removeItem(FLAG);
}

/** True also when the storage cannot be read: then look, to be sure. */
export function outboxMayHoldEntries(): boolean {
  const store = storage();
  return store === null || store.getItem(FLAG) !== null;
}

/** At start and whenever the link returns: send what was queued while offline (the outbox itself loads lazily). */
export function watchOutbox(): void {
  const flushIfQueued = () => {
    if (outboxMayHoldEntries()) void import('./outbox-runtime.ts').then((runtime) => runtime.flushOutbox());
  };
  globalThis.addEventListener('online', flushIfQueued);
  flushIfQueued();
}
