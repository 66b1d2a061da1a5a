import { useCallback, useEffect, useRef, useState } from 'react';

/** docs/PRODUCT.md#library-header: the Al Azar button ignores clicks for 1.5 s after one. */
export const RANDOM_LOCK_MS = 1500;

export interface ClickLock {
  /** true, and locks, when the lock was free; false while locked */
  tryAcquire(): boolean;
  isLocked(): boolean;
}

/** A lock that frees itself `durationMs` after it was taken (time read from `now`). */
export function createClickLock(durationMs: number, now: () => number = () => Date.now()): ClickLock {
  let lockedUntil = Number.NEGATIVE_INFINITY;
  return {
    tryAcquire() {
      const t = now();
      if (t < lockedUntil) return false;
      lockedUntil = t + durationMs;
      return true;
    },
    isLocked: () => now() < lockedUntil,
  };
}

/**
 * Runs `action` at most once per `durationMs`; `locked` is true meanwhile (the
 * dice spins). Clicks during the lock do nothing.
 */
export function useClickLock(action: () => void, durationMs = RANDOM_LOCK_MS): { locked: boolean; run: () => void } {
  const lock = useRef<ClickLock | null>(null);
  const [locked, setLocked] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  useEffect(() => () => clearTimeout(timer.current), []);

  const run = useCallback(() => {
    lock.current ??= createClickLock(durationMs);
    if (!lock.current.tryAcquire()) return;
    setLocked(true);
    clearTimeout(timer.current);
    timer.current = setTimeout(() => setLocked(false), durationMs);
    action();
  }, [action, durationMs]);

  return { locked, run };
}
