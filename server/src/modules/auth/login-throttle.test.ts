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
  const rules = { perAccount: { limit: 5, windowMs: 15 * 60_000 }, perAddress: { limit: 30, windowMs: 15 * 60_000 } };

  it('refuses the 6th attempt on an account after 5 failures, with a Spanish wait, whatever the case of the name', () => {
    const c = clock();
    const t = new LoginThrottle(rules, c.now);
    for (let i = 0; i < 5; i++) {
      t.check('Rosa', `10.0.0.${i}`);
      t.recordFailure(i % 2 ? 'ROSA' : 'rosa', `10.0.0.${i}`);
    }
    const error = rateLimited(() => t.check('rosa ', '10.0.0.99'));
    expect(error.code).toBe('RATE_LIMITED');
    expect(error.httpCode).toBe(429);
    expect(error.message).toBe('Demasiados intentos fallidos. Espera 15 minutos y vuelve a intentarlo');
    expect(error.data).toEqual({ retryAfterSeconds: 900 });
    c.advance(15 * 60_000);
    expect(() => t.check('rosa', '10.0.0.99')).not.toThrow();
  });

  it('clears an account on success but not its address', () => {
    const t = new LoginThrottle({ perAccount: { limit: 2, windowMs: 60_000 }, perAddress: { limit: 3, windowMs: 60_000 } }, clock().now);
    t.recordFailure('rosa', '10.0.0.1');
    t.recordFailure('rosa', '10.0.0.1');
    expect(() => t.check('rosa', '10.0.0.2')).toThrow(AppError);
    t.recordSuccess('rosa');
    expect(() => t.check('rosa', '10.0.0.2')).not.toThrow();
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
