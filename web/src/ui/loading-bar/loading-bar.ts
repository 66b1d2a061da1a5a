/*
 * docs/PRODUCT.md#timings top loading bar: shown only when a navigation takes longer than
 * 200 ms (quick ones never flash it), filling over 5 s, completed and faded
 * when the page is ready.
 */
export const LOADING_THROTTLE_MS = 200;
export const LOADING_DURATION_MS = 5_000;
/** How long the full bar stays before it goes. */
export const LOADING_DONE_MS = 300;

export type LoadingBarState = 'hidden' | 'running' | 'done';

export interface Timers {
  set: (fn: () => void, ms: number) => number;
  clear: (id: number) => void;
}

const browserTimers: Timers = {
  set: (fn, ms) => window.setTimeout(fn, ms),
  clear: (id) => window.clearTimeout(id),
};

/** The bar's states for a sequence of busy/idle signals (navigation started, navigation ended). */
export class LoadingBarController {
  private state: LoadingBarState = 'hidden';
  private timer: number | null = null;
  private readonly onChange: (state: LoadingBarState) => void;
  private readonly timers: Timers;

  constructor(onChange: (state: LoadingBarState) => void, timers: Timers = browserTimers) {
    this.onChange = onChange;
    this.timers = timers;
  }

  private set(state: LoadingBarState): void {
    if (state === this.state) return;
    this.state = state;
    this.onChange(state);
  }

  private schedule(fn: () => void, ms: number): void {
    this.cancel();
    this.timer = this.timers.set(() => {
      this.timer = null;
      fn();
    }, ms);
  }

  private cancel(): void {
    if (this.timer !== null) this.timers.clear(this.timer);
    this.timer = null;
  }

  busy(): void {
    if (this.state === 'running' || (this.state === 'hidden' && this.timer !== null)) return;
    if (this.state === 'done') {
      // A new navigation while the last one's bar fades: start over at once.
      this.cancel();
      this.set('hidden');
      this.set('running');
      return;
    }
    this.schedule(() => this.set('running'), LOADING_THROTTLE_MS);
  }

  idle(): void {
    if (this.state === 'running') {
      this.set('done');
      this.schedule(() => this.set('hidden'), LOADING_DONE_MS);
    } else if (this.state === 'hidden') {
      this.cancel();
    }
  }

  dispose(): void {
    this.cancel();
  }
}
