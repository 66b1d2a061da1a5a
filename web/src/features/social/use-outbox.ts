import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect } from 'react';
import type { OutboxEntry } from '../../offline/db.ts';
import { onWriteSent, outboxEntriesOf } from '../../offline/outbox-runtime.ts';
import { useSession } from '../../session/session-store.ts';

const NONE: OutboxEntry[] = [];

/** The signed-in user's queued and failed writes (about one resource when given), live from IndexedDB. */
export function useOutboxEntries(resourceId?: number): OutboxEntry[] {
  const { userId } = useSession();
  return (
    useLiveQuery(
      () =>
        // without IndexedDB nothing can be pending
        userId === null ? NONE : outboxEntriesOf(userId, resourceId).catch(() => NONE),
      [userId, resourceId],
    ) ?? NONE
  );
}

/** Runs `listener` for every write that reached the kit while the component is shown. */
export function useWriteSent(listener: (entry: OutboxEntry, answer: unknown) => void): void {
  useEffect(() => onWriteSent(listener), [listener]);
}

/** The body of a queued request, as the page sent it. */
export function bodyOf<T>(entry: OutboxEntry, index = 0): T {
  return entry.requests[index]?.body as T;
}
