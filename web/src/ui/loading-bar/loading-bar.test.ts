import { describe, expect, it } from 'vitest';
import { LOADING_DONE_MS, LOADING_THROTTLE_MS, LoadingBarController, type LoadingBarState, type Timers } from './loading-bar.ts';

/** Timers driven by hand: `advance(ms)` runs what falls due. */
function fakeTimers(): Timers & { advance: (ms: number) => void } {
  let now = 0;
  let next = 1;
  const due = new Map<number, { at: number; fn: () => void }>();
  return {
    set: (fn, ms) => {
      due.set(next, { at: now + ms, fn });
      return next++;
    },
    clear: (id) => void due.delete(id),
    advance: (ms) => {
      now += ms;
      for (const [id, timer] of [...due].sort((a, b) => a[1].at - b[1].at)) {
        if (timer.at <= now) {
          due.delete(id);
          timer.fn();
        }
      }
    },
  };
}

function setup() {
  const timers = fakeTimers();
  const seen: LoadingBarState[] = [];
  const bar = new LoadingBarController((state) => seen.push(state), timers);
  return { timers, seen, bar };
}

describe('LoadingBarController (200 ms throttle)', () => {
  it('never shows for a navigation quicker than 200 ms', () => {
    const { timers, seen, bar } = setup();
    bar.busy();
    timers.advance(LOADING_THROTTLE_MS - 1);
    bar.idle();
    timers.advance(1_000);
    expect(seen).toEqual([]);
  });

  it('shows after 200 ms, completes when the page is ready, then goes', () => {
    const { timers, seen, bar } = setup();
    bar.busy();
    timers.advance(LOADING_THROTTLE_MS);
    expect(seen).toEqual(['running']);
    bar.busy();
    timers.advance(4_000);
    bar.idle();
    expect(seen).toEqual(['running', 'done']);
    timers.advance(LOADING_DONE_MS);
    expect(seen).toEqual(['running', 'done', 'hidden']);
  });

  it('starts over at once when a new navigation begins while the bar fades', () => {
    const { timers, seen, bar } = setup();
    bar.busy();
    timers.advance(LOADING_THROTTLE_MS);
    bar.idle();
    bar.busy();
    timers.advance(LOADING_DONE_MS * 2);
    expect(seen).toEqual(['running', 'done', 'hidden', 'running']);
  });

  it('stops its timers when disposed', () => {
    const { timers, seen, bar } = setup();
    bar.busy();
    bar.dispose();
    timers.advance(1_000);
    expect(seen).toEqual([]);
  });
});
