import { describe, expect, it, vi } from 'vitest';
import { CHUNK_RELOAD_GUARD_MS, isChunkLoadError, reloadAfterChunkError } from './chunk-reload.ts';

function memoryStorage(): Pick<Storage, 'getItem' | 'setItem'> {
  const items = new Map<string, string>();
  return { getItem: (key) => items.get(key) ?? null, setItem: (key, value) => void items.set(key, value) };
}

describe('isChunkLoadError', () => {
  it.each([
    'Failed to fetch dynamically imported module: http://kit/assets/MenuPage-abc.js',
    'error loading dynamically imported module',
    'Importing a module script failed.',
    'Unable to preload CSS for /assets/x.css',
  ])('recognises "%s"', (message) => expect(isChunkLoadError(new TypeError(message))).toBe(true));

  it('ignores other errors', () => {
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError('dynamically imported module')).toBe(false);
  });
});

describe('reloadAfterChunkError', () => {
  it('reloads at most once per 60 seconds', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    expect(reloadAfterChunkError({ storage, now: 1_000, reload })).toBe(true);
    expect(reloadAfterChunkError({ storage, now: 1_000 + CHUNK_RELOAD_GUARD_MS - 1, reload })).toBe(false);
    expect(reloadAfterChunkError({ storage, now: 1_000 + CHUNK_RELOAD_GUARD_MS, reload })).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });
});
