import { useCallback, useEffect, useState } from 'react';

export interface Polled<T> {
  value: T | null;
  /** when the last answer arrived (Date.now()) */
  readAt: number | null;
  /** why the last read failed (the kit may be rebooting, or its Wi-Fi changing), null when it worked; the last value stays */
  error: unknown;
  /** reads again now, and restarts the timer */
  refresh: () => void;
}

/** READ again and again while the page is open, EVERY(last value) ms apart (or 5 s after a failure). */
export function usePolled<T>(read: (signal: AbortSignal) => Promise<T>, every: (value: T) => number, afterFailureMs: number): Polled<T> {
  const [value, setValue] = useState<T | null>(null);
  const [readAt, setReadAt] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [round, setRound] = useState(0);

  useEffect(() => {
    const ctrl = new AbortController();
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      let next = afterFailureMs;
      try {
        const answer = await read(ctrl.signal);
        if (ctrl.signal.aborted) return;
        setValue(answer);
        setReadAt(Date.now());
        setError(null);
        next = every(answer);
      } catch (failure) {
        if (ctrl.signal.aborted) return;
        setError(failure);
      }
      timer = setTimeout(() => void poll(), next);
    };
    void poll();
    return () => {
      ctrl.abort();
      clearTimeout(timer);
    };
  }, [round, read, every, afterFailureMs]);

  const refresh = useCallback(() => setRound((r) => r + 1), []);
  return { value, readAt, error, refresh };
}
