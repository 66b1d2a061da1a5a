import { AppError } from '../../errors.ts';
import { hashPassword, verifyPassword } from './password.ts';

/**
 * At most `concurrency` jobs run at once; up to `maxQueue` more wait their
 * turn in order; anything beyond that is refused at once with 503 UNAVAILABLE
 * (the client tries again in a moment) instead of piling up memory.
 */
export class ConcurrencyLimiter {
  readonly concurrency: number;
  readonly maxQueue: number;
  #running = 0;
  readonly #queue: Array<() => void> = [];

  constructor(concurrency: number, maxQueue: number) {
    if (concurrency < 1 || maxQueue < 0) throw new Error('límites de concurrencia no válidos');
    this.concurrency = concurrency;
    this.maxQueue = maxQueue;
  }

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#queue.length;
  }

  async run<T>(job: () => Promise<T>): Promise<T> {
    if (this.#running >= this.concurrency) {
      if (this.#queue.length >= this.maxQueue) throw new AppError('UNAVAILABLE', { reason: 'busy', retryAfterSeconds: 2 });
      // The slot is handed over by the job that finishes, so `running` never drops in between.
      await new Promise<void>((resolve) => this.#queue.push(resolve));
    } else {
      this.#running += 1;
    }
    try {
      return await job();
    } finally {
      const next = this.#queue.shift();
      if (next) next();
      else this.#running -= 1;
    }
  }
}

/**
 * argon2id runs on libuv's thread pool (4 threads by default), the same pool
 * that reads media files for video streams. Two hashes at a time (19 MiB each)
 * leave the other threads for the streams and keep memory small on a 1 GB Pi;
 * a classroom logging in together queues for a second or two; a flood gets 503.
 * One limiter for the whole process, because the pool is the process's.
 */
export const HASH_CONCURRENCY = 2;
export const HASH_MAX_QUEUE = 48;
export const hashLimiter = new ConcurrencyLimiter(HASH_CONCURRENCY, HASH_MAX_QUEUE);

export const limitedHashPassword = (password: string): Promise<string> => hashLimiter.run(() => hashPassword(password));
export const limitedVerifyPassword = (password: string, phc: string): Promise<boolean> => hashLimiter.run(() => verifyPassword(password, phc));
