import { AppError } from './errors.ts';

/**
 * At most `concurrency` jobs run at once; up to `maxQueue` more wait their
 * turn in order; anything beyond that is refused at once with 503 UNAVAILABLE
 * (the client tries again in a moment) instead of piling up memory. The last
 * `keptPlaces` of the queue are kept for jobs run `ahead`, which also wait in
 * front of the others (in order among themselves).
 */
export class ConcurrencyLimiter {
  readonly concurrency: number;
  readonly maxQueue: number;
  readonly keptPlaces: number;
  #running = 0;
  readonly #queue: Array<() => void> = [];
  /** how many of the queue's first entries were run ahead */
  #aheadWaiting = 0;

  constructor(concurrency: number, maxQueue: number, keptPlaces = 0) {
    if (concurrency < 1 || maxQueue < 0 || keptPlaces < 0 || keptPlaces > maxQueue) throw new Error('límites de concurrencia no válidos');
    this.concurrency = concurrency;
    this.maxQueue = maxQueue;
    this.keptPlaces = keptPlaces;
  }

  get running(): number {
    return this.#running;
  }

  get waiting(): number {
    return this.#queue.length;
  }

  async run<T>(job: () => Promise<T>, options: { ahead?: boolean } = {}): Promise<T> {
    if (this.#running >= this.concurrency) {
      const ahead = options.ahead === true;
      if (this.#queue.length >= this.maxQueue - (ahead ? 0 : this.keptPlaces)) throw new AppError('UNAVAILABLE', { reason: 'busy', retryAfterSeconds: 2 });
      // The slot is handed over by the job that finishes, so `running` never drops in between.
      await new Promise<void>((resolve) => {
        if (!ahead) {
          this.#queue.push(resolve);
          return;
        }
        this.#queue.splice(this.#aheadWaiting, 0, resolve);
        this.#aheadWaiting += 1;
      });
    } else {
      this.#running += 1;
    }
    try {
      return await job();
    } finally {
      const next = this.#queue.shift();
      if (this.#aheadWaiting > 0) this.#aheadWaiting -= 1;
      if (next) next();
      else this.#running -= 1;
    }
  }
}
