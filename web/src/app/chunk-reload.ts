/** docs/PRODUCT.md#timings: a chunk-load failure reloads the page at most once per 60 seconds. */
export const CHUNK_RELOAD_GUARD_MS = 60_000;
const LAST_RELOAD_KEY = 'kp_chunk_reload_at';

/** True for the errors browsers give when a lazily loaded chunk cannot be fetched (e.g. after an update). */
export function isChunkLoadError(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  return /dynamically imported module|importing a module script failed|unable to preload css/i.test(error.message);
}

export interface ChunkReloadEnv {
  storage: Pick<Storage, 'getItem' | 'setItem'>;
  now: number;
  reload: () => void;
}

/** Reloads unless a reload for the same reason happened less than a minute ago; says whether it did. */
export function reloadAfterChunkError({ storage, now, reload }: ChunkReloadEnv): boolean {
  const last = Number(storage.getItem(LAST_RELOAD_KEY) ?? Number.NaN);
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_GUARD_MS) return false;
  storage.setItem(LAST_RELOAD_KEY, String(now));
  reload();
  return true;
}
