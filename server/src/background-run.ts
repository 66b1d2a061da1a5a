/**
 * One piece of background work at a time (the libraries' checksum checks,
 * their search index): `start` runs the work unless it already runs, `idle`
 * waits for it to end, and `close` asks it to stop after the step in hand
 * (the work reads `signal` between steps) and waits.
 */
export class BackgroundRun {
  readonly #stop = new AbortController();
  #running: Promise<void> | null = null;

  /** aborted once closed: the work stops at its next step */
  get signal(): AbortSignal {
    return this.#stop.signal;
  }

  /** Runs `work` unless it is running already (it then picks up what was queued) or the run is closed. */
  start(work: () => Promise<void>): void {
    if (this.#stop.signal.aborted) return;
    this.#running ??= work().finally(() => (this.#running = null));
  }

  /** Resolves once no work runs (tests, the bench, a clean stop). */
  async idle(): Promise<void> {
    while (this.#running) await this.#running;
  }

  async close(): Promise<void> {
    this.#stop.abort();
    await this.idle();
  }
}
