import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { describeWait, LoginThrottle, SlidingWindow } from './login-throttle.ts';

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
  const rules = {
    freeTries: 3,
    firstDelayMs: 2_000,
    maxDelayMs: 15 * 60_000,
    pairForgetMs: 60 * 60_000,
    perAddress: { limit: 30, windowMs: 15 * 60_000 },
  };
  /** The wait check() asks for, in seconds; 0 when the try may go ahead. */
  const waitOf = (t: LoginThrottle, account: string, address: string): number => {
    try {
      t.check(account, address);
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
      t.recordFailure(i % 2 ? 'ROSA' : 'rosa', '10.0.0.66');
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
      t.recordFailure('rosa', '10.0.0.1');
    }
    expect(waits).toEqual([0, 0, 0, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
    const error = rateLimited(() => t.check('rosa', '10.0.0.1'));
    expect(error.httpCode).toBe(429);
    expect(error.message).toBe('Demasiados intentos fallidos. Espera 15 minutos y vuelve a intentarlo');
    expect(error.data).toEqual({ retryAfterSeconds: 900 });
  });

  it('counts the wait from the last failure, and forgets a pair an hour after its last failure', () => {
    const c = clock();
    const t = new LoginThrottle(rules, c.now);
    for (let i = 0; i < 5; i++) t.recordFailure('rosa', '10.0.0.1');
    expect(waitOf(t, 'rosa', '10.0.0.1')).toBe(8);
    c.advance(5_000);
    expect(waitOf(t, 'rosa', '10.0.0.1')).toBe(3);
    c.advance(60 * 60_000);
    t.recordFailure('rosa', '10.0.0.1');
    expect(waitOf(t, 'rosa', '10.0.0.1')).toBe(0);
  });

  it('clears a pair on success but not its address', () => {
    const t = new LoginThrottle({ ...rules, freeTries: 1, perAddress: { limit: 3, windowMs: 60_000 } }, clock().now);
    t.recordFailure('rosa', '10.0.0.1');
    t.recordFailure('rosa', '10.0.0.1');
    expect(() => t.check('rosa', '10.0.0.1')).toThrow(AppError);
    t.recordSuccess('ROSA', '10.0.0.1');
    expect(() => t.check('rosa', '10.0.0.1')).not.toThrow();
    t.recordFailure('pedro', '10.0.0.1');
    expect(() => t.check('lucia', '10.0.0.1')).toThrow(AppError);
    expect(() => t.check('lucia', '10.0.0.2')).not.toThrow();
  });

  it('limits one address guessing many accounts', () => {
    const t = new LoginThrottle(rules, clock().now);
    for (let i = 0; i < 30; i++) t.recordFailure(`user${i}`, '10.0.0.7');
    expect(rateLimited(() => t.check('someone-new', '10.0.0.7')).code).toBe('RATE_LIMITED');
    expect(() => t.check('someone-new', '10.0.0.8')).not.toThrow();
  });

  it('keeps at most the given number of pairs, dropping the oldest', () => {
    const c = clock();
    const t = new LoginThrottle({ ...rules, freeTries: 0 }, c.now, 3);
    for (const account of ['a', 'b', 'c', 'd']) t.recordFailure(account, '10.0.0.1');
    expect(waitOf(t, 'a', '10.0.0.9')).toBe(0);
    expect(waitOf(t, 'a', '10.0.0.1')).toBe(0);
    expect(waitOf(t, 'd', '10.0.0.1')).toBe(4);
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
