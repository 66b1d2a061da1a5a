import { AppError } from '../../errors.ts';

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

  constructor(rule: WindowLimit, now: () => number = Date.now, maxKeys = 10_000) {
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

export interface ThrottleRules {
  perAccount: WindowLimit;
  perAddress: WindowLimit;
}

/** 5 failed logins per account and 30 per phone (address) in 15 minutes. */
export const DEFAULT_THROTTLE_RULES: ThrottleRules = {
  perAccount: { limit: 5, windowMs: 15 * 60_000 },
  perAddress: { limit: 30, windowMs: 15 * 60_000 },
};

/**
 * Login throttling for POST /api/auth and /api/v3/authTemporary. Checked
 * before any password is hashed, so a guesser costs the kit nothing once
 * refused. A successful login clears its account's failures (not its
 * address's: one phone guessing many accounts stays limited).
 */
export class LoginThrottle {
  readonly #accounts: SlidingWindow;
  readonly #addresses: SlidingWindow;

  constructor(rules: ThrottleRules = DEFAULT_THROTTLE_RULES, now: () => number = Date.now) {
    this.#accounts = new SlidingWindow(rules.perAccount, now);
    this.#addresses = new SlidingWindow(rules.perAddress, now);
  }

  /** Throws 429 RATE_LIMITED with the wait in Spanish when either window is full. */
  check(account: string, address: string): void {
    const wait = Math.max(this.#accounts.retryAfterMs(accountKey(account)), this.#addresses.retryAfterMs(address));
    if (wait > 0) {
      const retryAfterSeconds = Math.ceil(wait / 1000);
      throw new AppError('RATE_LIMITED', { retryAfterSeconds }, `Demasiados intentos fallidos. Espera ${describeWait(retryAfterSeconds)} y vuelve a intentarlo`);
    }
  }

  recordFailure(account: string, address: string): void {
    this.#accounts.hit(accountKey(account));
    this.#addresses.hit(address);
  }

  recordSuccess(account: string): void {
    this.#accounts.reset(accountKey(account));
  }
}

/** user_name is unique ignoring case, so the throttle counts it the same way. */
const accountKey = (account: string): string => account.trim().toLowerCase();

export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}
