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

export interface ThrottleRules {
  /** tries one account may make from one address without waiting (typing mistakes) */
  freeTries: number;
  /** the wait before the first try past the free ones; each further failure doubles it */
  firstDelayMs: number;
  /** the longest wait between two tries of one account from one address */
  maxDelayMs: number;
  /** a pair without a failure for this long starts over */
  pairForgetMs: number;
  /** failures one address may make across all accounts */
  perAddress: WindowLimit;
}

/**
 * 3 tries per account and address without waiting, then 2 s, 4 s, 8 s … up
 * to 15 minutes before each next one; 30 failures per address in 15 minutes.
 * Guessing one password from one phone: about 14 tries in the first hour, 4
 * an hour after.
 */
export const DEFAULT_THROTTLE_RULES: ThrottleRules = {
  freeTries: 3,
  firstDelayMs: 2_000,
  maxDelayMs: 15 * 60_000,
  pairForgetMs: 60 * 60_000,
  perAddress: { limit: 30, windowMs: 15 * 60_000 },
};

interface PairFailures {
  count: number;
  last: number;
}

/**
 * Login throttling for POST /api/auth (the admin login too) and
 * /api/v3/authTemporary, and for the current password a password change
 * asks for. Failures are counted per account *and* address, so a stranger
 * guessing from one phone slows down only themselves: the owner on another
 * phone still gets in. One address is also capped across all accounts, so a
 * phone cannot spread its guesses over many names. Checked before any
 * password is hashed, so a refused guesser costs the kit nothing. In memory
 * (a restart forgets, which only gives a guesser a fresh start after a
 * reboot), with the number of pairs capped.
 */
export class LoginThrottle {
  readonly #rules: ThrottleRules;
  readonly #pairs = new Map<string, PairFailures>();
  readonly #addresses: SlidingWindow;
  readonly #now: () => number;
  readonly #maxPairs: number;

  constructor(rules: ThrottleRules = DEFAULT_THROTTLE_RULES, now: () => number = () => Date.now(), maxPairs = 10_000) {
    this.#rules = rules;
    this.#now = now;
    this.#maxPairs = maxPairs;
    this.#addresses = new SlidingWindow(rules.perAddress, now, maxPairs);
  }

  #pair(account: string, address: string): { key: string; failures: PairFailures | undefined } {
    const key = `${accountKey(account)}\n${address}`;
    const failures = this.#pairs.get(key);
    if (failures && this.#now() - failures.last > this.#rules.pairForgetMs) {
      this.#pairs.delete(key);
      return { key, failures: undefined };
    }
    return { key, failures };
  }

  /** Milliseconds this account must wait from this address before its next try. */
  #pairWaitMs(failures: PairFailures | undefined): number {
    if (!failures || failures.count < this.#rules.freeTries) return 0;
    const past = failures.count - this.#rules.freeTries;
    const delay = Math.min(this.#rules.maxDelayMs, this.#rules.firstDelayMs * 2 ** Math.min(past, 30));
    return Math.max(0, failures.last + delay - this.#now());
  }

  /** Throws 429 RATE_LIMITED with the wait in Spanish when this try must wait. */
  check(account: string, address: string): void {
    const wait = Math.max(this.#pairWaitMs(this.#pair(account, address).failures), this.#addresses.retryAfterMs(address));
    if (wait > 0) {
      const retryAfterSeconds = Math.ceil(wait / 1000);
      throw new AppError('RATE_LIMITED', { retryAfterSeconds }, `Demasiados intentos fallidos. Espera ${describeWait(retryAfterSeconds)} y vuelve a intentarlo`);
    }
  }

  recordFailure(account: string, address: string): void {
    const { key, failures } = this.#pair(account, address);
    this.#pairs.delete(key);
    this.#pairs.set(key, { count: (failures?.count ?? 0) + 1, last: this.#now() });
    if (this.#pairs.size > this.#maxPairs) {
      const oldest = this.#pairs.keys().next().value;
      if (oldest !== undefined) this.#pairs.delete(oldest);
    }
    this.#addresses.hit(address);
  }

  /** A right password clears its pair (not its address: one phone guessing many accounts stays limited). */
  recordSuccess(account: string, address: string): void {
    this.#pairs.delete(this.#pair(account, address).key);
  }
}

/** user_name is unique ignoring case, so the throttle counts it the same way. */
const accountKey = (account: string): string => account.trim().toLowerCase();

export function describeWait(seconds: number): string {
  if (seconds < 60) return seconds === 1 ? '1 segundo' : `${seconds} segundos`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minuto' : `${minutes} minutos`;
}
