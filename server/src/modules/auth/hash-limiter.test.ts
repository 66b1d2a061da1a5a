import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { ConcurrencyLimiter } from '../../concurrency-limiter.ts';
import { HASH_CONCURRENCY, hashLimiter, limitedHashPassword, limitedVerifyPassword } from './hash-limiter.ts';

const gate = () => {
  let open: () => void = () => {};
  const promise = new Promise<void>((resolve) => (open = resolve));
  return { promise, open };
};
const tick = () => new Promise((resolve) => setImmediate(resolve));

describe('ConcurrencyLimiter', () => {
  it('runs at most `concurrency` jobs at once and the waiting ones in order', async () => {
    const limiter = new ConcurrencyLimiter(2, 10);
    const gates = [gate(), gate(), gate(), gate()];
    const started: number[] = [];
    let active = 0;
    let peak = 0;
    const jobs = gates.map((g, i) =>
      limiter.run(async () => {
        started.push(i);
        active += 1;
        peak = Math.max(peak, active);
        await g.promise;
        active -= 1;
        return i;
      }),
    );
    await tick();
    expect(started).toEqual([0, 1]);
    expect(limiter.running).toBe(2);
    expect(limiter.waiting).toBe(2);
    gates[1]?.open();
    await tick();
    expect(started).toEqual([0, 1, 2]);
    for (const g of gates) g.open();
    expect(await Promise.all(jobs)).toEqual([0, 1, 2, 3]);
    expect(peak).toBe(2);
    expect(limiter.running).toBe(0);
  });

  it('refuses with 503 UNAVAILABLE once the queue is full, and serves again when it drains', async () => {
    const limiter = new ConcurrencyLimiter(1, 2);
    const g = gate();
    const held = [0, 1, 2].map(() => limiter.run(() => g.promise));
    await tick();
    const refused = await limiter.run(async () => 'never').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).code).toBe('UNAVAILABLE');
    expect((refused as AppError).httpCode).toBe(503);
    g.open();
    await Promise.all(held);
    expect(await limiter.run(async () => 'ok')).toBe('ok');
  });

  it('keeps the last places of the queue for jobs run ahead, which wait in front of the others, in order', async () => {
    const limiter = new ConcurrencyLimiter(1, 4, 2);
    const g = gate();
    const order: string[] = [];
    const job = (name: string) => async () => {
      order.push(name);
      await g.promise;
    };
    const jobs = [limiter.run(job('running')), limiter.run(job('a')), limiter.run(job('b'))];
    await tick();
    const refused = await limiter.run(async () => 'never').catch((e: unknown) => e);
    expect((refused as AppError).code).toBe('UNAVAILABLE');
    jobs.push(limiter.run(job('first ahead'), { ahead: true }), limiter.run(job('second ahead'), { ahead: true }));
    await tick();
    expect(limiter.waiting).toBe(4);
    expect(((await limiter.run(async () => 'never', { ahead: true }).catch((e: unknown) => e)) as AppError).code).toBe('UNAVAILABLE');
    g.open();
    await Promise.all(jobs);
    expect(order).toEqual(['running', 'first ahead', 'second ahead', 'a', 'b']);
  });

  it('frees the slot when a job fails', async () => {
    const limiter = new ConcurrencyLimiter(1, 0);
    await expect(limiter.run(async () => Promise.reject(new Error('falló')))).rejects.toThrow('falló');
    expect(limiter.running).toBe(0);
    expect(await limiter.run(async () => 1)).toBe(1);
  });
});

describe('the password hash limiter', () => {
  it('never runs more than two argon2 hashes at once', async () => {
    expect(HASH_CONCURRENCY).toBe(2);
    let peak = 0;
    const watch = setInterval(() => (peak = Math.max(peak, hashLimiter.running)), 1);
    const hashes = await Promise.all(['a-clave-1', 'a-clave-2', 'a-clave-3', 'a-clave-4', 'a-clave-5'].map((p) => limitedHashPassword(p)));
    clearInterval(watch);
    expect(peak).toBeGreaterThan(0);
    expect(peak).toBeLessThanOrEqual(2);
    expect(hashLimiter.running).toBe(0);
    expect(await limitedVerifyPassword('a-clave-3', hashes[2] ?? '')).toBe(true);
  });
});
