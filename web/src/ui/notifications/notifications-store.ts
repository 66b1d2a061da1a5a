/**
 * docs/PRODUCT.md#timings notifications, for every feature: `notifyInfo` stays until the user
 * closes it (grey); `notifySuccess` (green) and `notifyError` (red) close
 * themselves after 3 s. Plain store, so anything (a session event, a form)
 * can notify without a React context; `<NotificationsOutlet />` in the app
 * shell shows them at the bottom left.
 */
export type NotificationKind = 'info' | 'success' | 'error';

export interface AppNotification {
  id: number;
  kind: NotificationKind;
  message: string;
}

/** docs/PRODUCT.md#timings: success and error notifications last 3 s. */
export const NOTIFICATION_DURATION_MS = 3_000;

type Listener = () => void;

let items: readonly AppNotification[] = [];
let nextId = 1;
const listeners = new Set<Listener>();
const timers = new Map<number, ReturnType<typeof setTimeout>>();

function emit(next: readonly AppNotification[]): void {
  items = next;
  for (const listener of listeners) listener();
}

export function subscribeNotifications(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function getNotifications(): readonly AppNotification[] {
  return items;
}

export function dismissNotification(id: number): void {
  const timer = timers.get(id);
  if (timer !== undefined) clearTimeout(timer);
  timers.delete(id);
  if (items.some((item) => item.id === id)) emit(items.filter((item) => item.id !== id));
}

/**
 * Shows a message; the same text already on screen, of any kind, is not shown
 * twice (an expired session is told by the session and by the form whose call
 * it refused). One that stays until closed stays; a timed one starts again.
 * Answers its id.
 */
export function notify(kind: NotificationKind, message: string): number {
  const existing = items.find((item) => item.message === message);
  if (existing?.kind === 'info') return existing.id;
  if (existing) dismissNotification(existing.id);
  const id = nextId++;
  emit([...items, { id, kind, message }]);
  if (kind !== 'info') {
    timers.set(
      id,
      setTimeout(() => dismissNotification(id), NOTIFICATION_DURATION_MS),
    );
  }
  return id;
}

export const notifyInfo = (message: string): number => notify('info', message);
export const notifySuccess = (message: string): number => notify('success', message);
export const notifyError = (message: string): number => notify('error', message);

/** Tests: forget every notification and timer. */
export function resetNotifications(): void {
  for (const timer of timers.values()) clearTimeout(timer);
  timers.clear();
  emit([]);
}
