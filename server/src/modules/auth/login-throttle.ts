import { AppError } from '../../errors.ts';
import { describeWait, SlidingWindow, type WindowLimit } from '../../access/sliding-window.ts';

export interface BackoffRule {
  /** failures allowed without waiting (typing mistakes) */
  freeTries: number;
  /** the wait before the first try past the free ones; each further failure doubles it */
  firstDelayMs: number;
  /** the longest wait between two tries */
  maxDelayMs: number;
  /** a key without a failure for this long starts over */
  forgetMs: number;
}

interface Failures {
  count: number;
  last: number;
}

/**
 * Failure counts per key, each key waiting longer after every failure past
 * the free ones; in memory, the number of keys capped (the oldest go).
 */
class Backoff {
  readonly #rule: BackoffRule;
  readonly #failures = new Map<string, Failures>();
  readonly #now: () => number;
  readonly #maxKeys: number;

  constructor(rule: BackoffRule, now: () => number, maxKeys: number) {
    this.#rule = rule;
    this.#now = now;
    this.#maxKeys = maxKeys;
  }

  #current(key: string): Failures | undefined {
    const failures = this.#failures.get(key);
    if (failures && this.#now() - failures.last > this.#rule.forgetMs) {
      this.#failures.delete(key);
      return undefined;
    }
    return failures;
  }

  /** Milliseconds the key must wait before its next try; each of `underWay` tries not answered yet counts as a failure made now. */
  waitMs(key: string, underWay = 0): number {
    const failures = this.#current(key);
    const count = (failures?.count ?? 0) + underWay;
    if (count < this.#rule.freeTries) return 0;
    const last = underWay > 0 ? this.#now() : (failures?.last ?? 0);
    const delay = Math.min(this.#rule.maxDelayMs, this.#rule.firstDelayMs * 2 ** Math.min(count - this.#rule.freeTries, 30));
    return Math.max(0, last + delay - this.#now());
  }

  hit(key: string): void {
    const count = (this.#current(key)?.count ?? 0) + 1;
    this.#failures.delete(key);
    this.#failures.set(key, { count, last: this.#now() });
    if (this.#failures.size > this.#maxKeys) {
      const oldest = this.#failures.keys().next().value;
      if (oldest !== undefined) this.#failures.delete(oldest);
    }
  }

  reset(key: string): void {
    this.#failures.delete(key);
  }
}

export interface ThrottleRules {
  /** one account tried from one address */
  perPair: BackoffRule;
  /** one account tried from every address together, except from phones known to it */
  perAccount: BackoffRule;
  /** failures (and logins refused for a busy kit) of one address across all accounts */
  perAddress: WindowLimit;
}

/**
 * From one address: 3 tries per account without waiting, then 2 s, 4 s, 8 s
 * … up to 15 minutes before each next one (about 14 guesses in the first
 * hour, 4 an hour after). From all addresses together, on phones the account
 * has not logged in from: 10 failures, then 2 s … up to 5 minutes (about 20
 * guesses in the first hour, 12 an hour after, however many phones guess).
 * 30 failures per address in 15 minutes.
 */
export const DEFAULT_THROTTLE_RULES: ThrottleRules = {
  perPair: { freeTries: 3, firstDelayMs: 2_000, maxDelayMs: 15 * 60_000, forgetMs: 60 * 60_000 },
  perAccount: { freeTries: 10, firstDelayMs: 2_000, maxDelayMs: 5 * 60_000, forgetMs: 60 * 60_000 },
  perAddress: { limit: 30, windowMs: 15 * 60_000 },
};

/** Who is trying: the account (its name), the client's address, and whether the phone is known to the account (known-device.ts). */
export interface LoginAttempt {
  account: string;
  address: string;
  knownDevice: boolean;
}

/**
 * Login throttling for POST /api/auth (the admin login too) and
 * /api/v3/authTemporary, and for the current password a password change
 * asks for. Failures are counted per account *and* address, so a stranger
 * guessing from one phone slows down only themselves; per account across
 * all addresses, so many phones guessing one account slow down together,
 * while its owner's phone (known to the account) is not held back by them;
 * and per address across all accounts, so a phone cannot spread its guesses
 * over many names. Checked before any password is hashed, so a refused
 * guesser costs the kit nothing. In memory (a restart forgets, which only
 * gives a guesser a fresh start after a reboot), the number of keys capped.
 */
export class LoginThrottle {
  readonly #pairs: Backoff;
  readonly #accounts: Backoff;
  readonly #addresses: SlidingWindow;
  /**
   * Per account, the tries from unknown phones that passed check() and are
   * not answered yet: without them, guesses sent all at once would all pass
   * before the first failure is counted.
   */
  readonly #underWay = new Map<string, number>();

  constructor(rules: ThrottleRules = DEFAULT_THROTTLE_RULES, now: () => number = () => Date.now(), maxKeys = 10_000) {
    this.#pairs = new Backoff(rules.perPair, now, maxKeys);
    this.#accounts = new Backoff(rules.perAccount, now, maxKeys);
    this.#addresses = new SlidingWindow(rules.perAddress, now, maxKeys);
  }

  /**
   * Throws 429 RATE_LIMITED with the wait in Spanish when this try must wait;
   * otherwise the try is under way until one of the record methods answers it.
   */
  check(attempt: LoginAttempt): void {
    const account = accountKey(attempt.account);
    const wait = Math.max(
      this.#pairs.waitMs(pairKey(attempt)),
      attempt.knownDevice ? 0 : this.#accounts.waitMs(account, this.#underWay.get(account) ?? 0),
      this.#addresses.retryAfterMs(attempt.address),
    );
    if (wait > 0) {
      const retryAfterSeconds = Math.ceil(wait / 1000);
      throw new AppError('RATE_LIMITED', { retryAfterSeconds }, `Demasiados intentos fallidos. Espera ${describeWait(retryAfterSeconds)} y vuelve a intentarlo`);
    }
    if (!attempt.knownDevice) this.#underWay.set(account, (this.#underWay.get(account) ?? 0) + 1);
  }

  /** The try check() let through is answered. */
  #answered(attempt: LoginAttempt): void {
    if (attempt.knownDevice) return;
    const account = accountKey(attempt.account);
    const left = (this.#underWay.get(account) ?? 0) - 1;
    if (left > 0) this.#underWay.set(account, left);
    else this.#underWay.delete(account);
  }

  recordFailure(attempt: LoginAttempt): void {
    this.#answered(attempt);
    this.#pairs.hit(pairKey(attempt));
    if (!attempt.knownDevice) this.#accounts.hit(accountKey(attempt.account));
    this.#addresses.hit(attempt.address);
  }

  /**
   * A login refused because the kit was too busy to check it (503) costs its
   * address like a failure: a flood pays for the work it made the kit turn
   * down. Not its account: the owner may simply have come at a busy moment.
   */
  recordBusy(attempt: LoginAttempt): void {
    this.#answered(attempt);
    this.#addresses.hit(attempt.address);
  }

  /**
   * A right password clears its pair. Not its account (the failures of other
   * phones are not the owner's to forget) nor its address (one phone guessing
   * many accounts stays limited).
   */
  recordSuccess(attempt: LoginAttempt): void {
    this.#answered(attempt);
    this.#pairs.reset(pairKey(attempt));
  }

  /** A try check() let through that ended without an answer about its password (an unexpected error). */
  recordNothing(attempt: LoginAttempt): void {
    this.#answered(attempt);
  }
}

/** user_name is unique ignoring case, so the throttle counts it the same way. */
const accountKey = (account: string): string => account.trim().toLowerCase();
const pairKey = (attempt: LoginAttempt): string => `${accountKey(attempt.account)}\n${attempt.address}`;
