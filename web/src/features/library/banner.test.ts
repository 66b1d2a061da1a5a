import { describe, expect, it } from 'vitest';
import { BANNER_HIDDEN_KEY, BANNER_HIDE_MS, hideBanner, isBannerHidden } from './banner.ts';

function memoryStore() {
  const map = new Map<string, string>();
  return { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v), map };
}

describe('advertising banner (hidden for one day)', () => {
  it('shows until hidden, stays hidden for a day, then shows again', () => {
    const store = memoryStore();
    const t0 = Date.UTC(2026, 10, 1, 12);
    expect(isBannerHidden(t0, store)).toBe(false);
    hideBanner(t0, store);
    expect(store.map.get(BANNER_HIDDEN_KEY)).toBe(String(t0));
    expect(isBannerHidden(t0 + BANNER_HIDE_MS - 1, store)).toBe(true);
    expect(isBannerHidden(t0 + BANNER_HIDE_MS, store)).toBe(false);
    expect(BANNER_HIDE_MS).toBe(86_400_000);
  });

  it('ignores garbage and future timestamps, and survives blocked storage', () => {
    const store = memoryStore();
    store.setItem(BANNER_HIDDEN_KEY, 'x');
    expect(isBannerHidden(1000, store)).toBe(false);
    store.setItem(BANNER_HIDDEN_KEY, String(10_000));
    expect(isBannerHidden(1000, store)).toBe(false);
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(isBannerHidden(1000, blocked)).toBe(false);
    expect(() => hideBanner(1000, blocked)).not.toThrow();
  });
});
