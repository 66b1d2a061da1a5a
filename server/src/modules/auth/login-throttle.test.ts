import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { describeWait, SlidingWindow } from '../../access/sliding-window.ts';
import { DEFAULT_THROTTLE_RULES, LoginThrottle, type LoginAttempt, type ThrottleRules } from './login-throttle.ts';

const clock = (start = 1_000_000) => {
  let now = start;
  return { now: () => now, advance: (ms: number) => (now += ms) };
};

const rateLimited = (fn: () => void): AppError => {
  try {
    fn();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('expected RATE_LIMITED');
};

describe('SlidingWindow', () => {
  it('allows `limit` hits and then says how long to wait until the oldest leaves the window', () => {
    const c = clock();
    const w = new SlidingWindow({ limit: 3, windowMs: 60_000 }, c.now);
    w.hit('a');
    c.advance(10_000);
    w.hit('a');
    w.hit('a');
    expect(w.retryAfterMs('a')).toBe(50_000);
    expect(w.retryAfterMs('b')).toBe(0);
    c.advance(50_000);
    expect(w.retryAfterMs('a')).toBe(0);
  });

  it('forgets keys whose hits all left the window, and caps the number of keys', () => {
    const c = clock();
    const w = new SlidingWindow({ limit: 2, windowMs: 1_000 }, c.now, 3);
    for (const key of ['a', 'b', 'c', 'd']) w.hit(key);
    expect(w.size).toBe(3);
    c.advance(1_001);
    w.retryAfterMs('b');
    w.retryAfterMs('c');
    w.retryAfterMs('d');
    expect(w.size).toBe(0);
  });
});

describe('LoginThrottle', () => {
  const rules: ThrottleRules = {
    perPair: { freeTries: 3, firstDelayMs: 2_000, maxDelayMs: 15 * 60_000, forgetMs: 60 * 60_000 },
    // out of the way of the tests of the other rules
    perAccount: { freeTries: 1_000, firstDelayMs: 2_000, maxDelayMs: 5 * 60_000, forgetMs: 60 * 60_000 },
    perAddress: { limit: 30, windowMs: 15 * 60_000 },
  };
  const at = (account: string, address: string, knownDevice = false): LoginAttempt => ({ account, address, knownDevice });
  /** The wait check() asks for, in seconds; 0 when the try may go ahead. */
  const waitOf = (t: LoginThrottle, account: string, address: string): number => {
    try {
      t.check(at(account, address));
      return 0;
    } catch (error) {
      if (error instanceof AppError && error.code === 'RATE_LIMITED') return (error.data as { retryAfterSeconds: number }).retryAfterSeconds;
      throw error;
    }
  };

  it('never holds the owner back on another phone, however much a stranger guesses the account from theirs', () => {
    const c = clock();
    const t = new LoginThrottle(rules, c.now);
    for (let i = 0; i < 25; i++) {
      t.recordFailure(at(i % 2 ? 'ROSA' : 'rosa', '10.0.0.66'));
      c.advance(1_000);
    }
    expect(waitOf(t, 'rosa', '10.0.0.66')).toBeGreaterThan(0);
    expect(waitOf(t, 'Rosa ', '10.0.0.66')).toBeGreaterThan(0);
    expect(waitOf(t, 'rosa', '10.0.0.2')).toBe(0);
  });

  it('lets one account try 3 times from one address without waiting, then makes each next try wait twice as long, up to 15 minutes', () => {
    const c = clock();
    const t = new LoginThrottle(rules, c.now);
    const waits: number[] = [];
    for (let i = 0; i < 14; i++) {
      const wait = waitOf(t, 'rosa', '10.0.0.1');
      waits.push(wait);
      c.advance(wait * 1000);
      t.recordFailure(at('rosa', '10.0.0.1'));
    }
    expect(waits).toEqual([0, 0, 0, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    const error = rateLimited(() => t.check(at('rosa', '10.0.0.1')));
    expect(error.httpCode).toBe(429);
    expect(error.message).toBe('Demasiados intentos fallidos. Espera 15 minutos y vuelve a intentarlo');
    expect(error.data).toEqual({ retryAfterSeconds: 900 });
  });

  it('counts the wait from the last failure, and forgets a pair an hour after its last failure', () => {
    const c = clock();
    const t = new LoginThrottle(rules, c.now);
    for (let i = 0; i < 5; i++) t.recordFailure(at('rosa', '10.0.0.1'));
    expect(waitOf(t, 'rosa', '10.0.0.1')).toBe(8);
    c.advance(5_000);
    expect(waitOf(t, 'rosa', '10.0.0.1')).toBe(3);
    c.advance(60 * 60_000);
    t.recordFailure(at('rosa', '10.0.0.1'));
    expect(waitOf(t, 'rosa', '10.0.0.1')).toBe(0);
  });

  it('clears a pair on success but not its address', () => {
    const t = new LoginThrottle({ ...rules, perPair: { ...rules.perPair, freeTries: 1 }, perAddress: { limit: 3, windowMs: 60_000 } }, clock().now);
    t.recordFailure(at('rosa', '10.0.0.1'));
    t.recordFailure(at('rosa', '10.0.0.1'));
    expect(() => t.check(at('rosa', '10.0.0.1'))).toThrow(AppError);
    t.recordSuccess(at('ROSA', '10.0.0.1'));
    expect(() => t.check(at('rosa', '10.0.0.1'))).not.toThrow();
    t.recordFailure(at('pedro', '10.0.0.1'));
    expect(() => t.check(at('lucia', '10.0.0.1'))).toThrow(AppError);
    expect(() => t.check(at('lucia', '10.0.0.2'))).not.toThrow();
  });

  it('limits one address guessing many accounts', () => {
    const t = new LoginThrottle(rules, clock().now);
    for (let i = 0; i < 30; i++) t.recordFailure(at(`user${i}`, '10.0.0.7'));
    expect(rateLimited(() => t.check(at('someone-new', '10.0.0.7'))).code).toBe('RATE_LIMITED');
    expect(() => t.check(at('someone-new', '10.0.0.8'))).not.toThrow();
  });

  it('keeps at most the given number of pairs, dropping the oldest', () => {
    const c = clock();
    const t = new LoginThrottle({ ...rules, perPair: { ...rules.perPair, freeTries: 0 } }, c.now, 3);
    for (const account of ['a', 'b', 'c', 'd']) t.recordFailure(at(account, '10.0.0.1'));
    expect(waitOf(t, 'a', '10.0.0.9')).toBe(0);
    expect(waitOf(t, 'a', '10.0.0.1')).toBe(0);
    expect(waitOf(t, 'd', '10.0.0.1')).toBe(4);
  });
});

describe('LoginThrottle across addresses', () => {
  const at = (account: string, address: string, knownDevice = false): LoginAttempt => ({ account, address, knownDevice });
  const allowed = (t: LoginThrottle, attempt: LoginAttempt): boolean => {
    try {
      t.check(attempt);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.code === 'RATE_LIMITED') return false;
      throw error;
    }
  };

  it('lets one account fail 10 times from any phones, then makes phones it does not know wait 2 s, 4 s … up to 5 minutes', () => {
    const c = clock();
    const t = new LoginThrottle(DEFAULT_THROTTLE_RULES, c.now);
    for (let i = 0; i < 10; i++) {
      expect(allowed(t, at('rosa', `10.0.1.${i}`))).toBe(true);
      t.recordFailure(at('rosa', `10.0.1.${i}`));
    }
    expect(allowed(t, at('ROSA', '10.0.2.1'))).toBe(false);
    // the owner's phone, known to the account, from anywhere
    expect(allowed(t, at('rosa', '10.0.2.2', true))).toBe(true);
    t.recordSuccess(at('rosa', '10.0.2.2', true));
    c.advance(2_000);
    expect(allowed(t, at('rosa', '10.0.2.3'))).toBe(true);
    t.recordFailure(at('rosa', '10.0.2.3'));
    c.advance(2_000);
    expect(allowed(t, at('rosa', '10.0.2.4'))).toBe(false);
    c.advance(2_000);
    expect(allowed(t, at('rosa', '10.0.2.4'))).toBe(true);
    for (let i = 0; i < 20; i++) t.recordFailure(at('rosa', `10.0.3.${i}`));
    c.advance(5 * 60_000 - 1);
    expect(allowed(t, at('rosa', '10.0.4.1'))).toBe(false);
    c.advance(1);
    expect(allowed(t, at('rosa', '10.0.4.1'))).toBe(true);
  });

  it('counts the tries not answered yet, so guesses sent all at once cannot pass before the first failure is counted', () => {
    const t = new LoginThrottle(DEFAULT_THROTTLE_RULES, clock().now);
    const attempts = Array.from({ length: 40 }, (_, i) => at('rosa', `10.0.5.${i}`));
    expect(attempts.filter((a) => allowed(t, a))).toHaveLength(10);
    // an answer ends a try under way: a right password frees its place without counting as a failure
    t.recordSuccess(attempts[0]!);
    expect(allowed(t, at('rosa', '10.0.6.1'))).toBe(true);
    // a phone known to the account is never held back by them
    expect(allowed(t, at('rosa', '10.0.6.2', true))).toBe(true);
  });

  it('counts a login refused for a busy kit against its address only', () => {
    const t = new LoginThrottle({ ...DEFAULT_THROTTLE_RULES, perAddress: { limit: 2, windowMs: 60_000 } }, clock().now);
    for (let i = 0; i < 2; i++) {
      t.check(at('rosa', '10.0.7.1'));
      t.recordBusy(at('rosa', '10.0.7.1'));
    }
    expect(allowed(t, at('pedro', '10.0.7.1'))).toBe(false);
    expect(allowed(t, at('rosa', '10.0.7.2'))).toBe(true);
  });
});

describe('describeWait', () => {
  it.each([
    [1, '1 segundo'],
    [45, '45 segundos'],
    [60, '1 minuto'],
    [61, '2 minutos'],
    [900, '15 minutos'],
  ])('says %i seconds as «%s»', (seconds, text) => {
    expect(describeWait(seconds)).toBe(text);
  });
});
