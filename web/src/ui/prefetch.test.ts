import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { PREFETCH_IDLE_TIMEOUT_MS, canPrefetch, prefetchChunk, resetPrefetch, whenIdle } from './prefetch.ts';

describe('canPrefetch (not on 2G or data saver)', () => {
  it('skips slow-2g, 2g and data saver', () => {
    expect(canPrefetch({ effectiveType: 'slow-2g' })).toBe(false);
    expect(canPrefetch({ effectiveType: '2g' })).toBe(false);
    expect(canPrefetch({ effectiveType: '4g', saveData: true })).toBe(false);
  });

  it('prefetches on 3g, 4g, and when the browser does not say', () => {
    expect(canPrefetch({ effectiveType: '3g', saveData: false })).toBe(true);
    expect(canPrefetch({ effectiveType: '4g' })).toBe(true);
    expect(canPrefetch(null)).toBe(true);
    expect(canPrefetch({})).toBe(true);
  });
});

describe('prefetchChunk', () => {
  beforeEach(() => resetPrefetch());

  it('loads a chunk once', async () => {
    const load = vi.fn(async () => ({}));
    expect(prefetchChunk(load, { effectiveType: '4g' })).toBe(true);
    expect(prefetchChunk(load, { effectiveType: '4g' })).toBe(false);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('does not load on 2G or with data saver', () => {
    const load = vi.fn(async () => ({}));
    expect(prefetchChunk(load, { effectiveType: '2g' })).toBe(false);
    expect(prefetchChunk(load, { saveData: true })).toBe(false);
    expect(load).not.toHaveBeenCalled();
  });

  it('tries again after a failed load', async () => {
    const load = vi.fn(async () => {
      throw new Error('offline');
    });
    prefetchChunk(load, null);
    await Promise.resolve();
    await Promise.resolve();
    expect(prefetchChunk(load, null)).toBe(true);
    expect(load).toHaveBeenCalledTimes(2);
  });
});

describe('whenIdle', () => {
  afterEach(() => vi.useRealTimers());

  it('asks requestIdleCallback with the 2 s timeout', () => {
    const ric = vi.fn((_cb: () => void, _options?: { timeout: number }) => 7);
    const cancel = vi.fn();
    vi.stubGlobal('requestIdleCallback', ric);
    vi.stubGlobal('cancelIdleCallback', cancel);
    const stop = whenIdle(() => undefined);
    expect(PREFETCH_IDLE_TIMEOUT_MS).toBe(2000);
    expect(ric.mock.calls[0]?.[1]).toEqual({ timeout: 2000 });
    stop();
    expect(cancel).toHaveBeenCalledWith(7);
  });

  it('falls back to a timer, which can be cancelled', () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    vi.stubGlobal('requestIdleCallback', undefined);
    const first = vi.fn();
    const second = vi.fn();
    whenIdle(first);
    const stop = whenIdle(second);
    stop();
    vi.advanceTimersByTime(PREFETCH_IDLE_TIMEOUT_MS);
    expect(first).toHaveBeenCalledTimes(1);
    expect(second).not.toHaveBeenCalled();
  });
});
