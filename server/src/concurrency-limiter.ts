import { AppError } from './errors.ts';

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
