/*
 * Counting what a key did inside a sliding window, in memory: the login
 * throttle, the write rates and the view counters all keep one.
 */

export interface WindowLimit {
  /** failures allowed inside the window; the next attempt is refused */
  limit: number;
  windowMs: number;
}

/**
 * Failure times per key inside a sliding window, in memory (a restart forgets
 * them, which only gives a guesser a fresh window after a reboot). The number
 * of keys is capped so a flood of made-up names cannot grow the map without end.
 */
export class SlidingWindow {
  readonly #hits = new Map<string, number[]>();
  readonly #rule: WindowLimit;
  readonly #maxKeys: number;
  readonly #now: () => number;

  constructor(rule: WindowLimit, now: () => number = () => Date.now(), maxKeys = 10_000) {
    this.#rule = rule;
    this.#now = now;
    this.#maxKeys = maxKeys;
  }

  #recent(key: string): number[] {
    const since = this.#now() - this.#rule.windowMs;
    const hits = (this.#hits.get(key) ?? []).filter((t) => t > since);
    if (hits.length === 0) this.#hits.delete(key);
    else this.#hits.set(key, hits);
    return hits;
  }

  /** Milliseconds until the key may try again; 0 when it may now. */
  retryAfterMs(key: string): number {
    const hits = this.#recent(key);
    if (hits.length < this.#rule.limit) return 0;
    const oldestThatCounts = hits[hits.length - this.#rule.limit] ?? this.#now();
    return Math.max(1, oldestThatCounts + this.#rule.windowMs - this.#now());
  }

  hit(key: string): void {
    const hits = this.#recent(key);
    hits.push(this.#now());
    // keep only what can still matter
    if (hits.length > this.#rule.limit) hits.splice(0, hits.length - this.#rule.limit);
    this.#hits.delete(key);
    this.#hits.set(key, hits);
    if (this.#hits.size > this.#maxKeys) {
      const oldest = this.#hits.keys().next().value;
      if (oldest !== undefined) this.#hits.delete(oldest);
    }
  }

  reset(key: string): void {
    this.#hits.delete(key);
  }

  get size(): number {
    return this.#hits.size;
  }
}

/** A wait in words for a refusal's message: «30 segundos», «2 minutos». */
export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}
