/**
 * "The space used on the kit changed" (a file arrived): the quota meter on the
 * page reads it again instead of showing what it read when the page opened.
 */
type Listener = () => void;
const listeners = new Set<Listener>();

export function announceQuotaChange(): void {
  for (const listener of listeners) listener();
}

export function onQuotaChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
