/**
 * A word in localStorage saying the outbox may hold entries, so that the
 * library loads the outbox and IndexedDB only when there is something to
 * send (or to clear after a logout). The outbox sets and drops it
 * (outbox-runtime.ts).
 */
export const OUTBOX_FLAG = 'kp-outbox';

/** True also when the storage cannot be read: then look, to be sure. */
export function outboxMayHoldEntries(): boolean {
  try {
    return localStorage.getItem(OUTBOX_FLAG) !== null;
  } catch {
    return true;
  }
}
