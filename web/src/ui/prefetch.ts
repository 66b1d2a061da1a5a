import { useEffect, useMemo } from 'react';
import { routeChunkFor, type ChunkLoader } from './route-chunks.ts';

/*
 * Link prefetch (docs/PRODUCT.md#timings; docs/PRODUCT.md#timings): a link's code chunk is fetched when
 * the user points at or focuses it, or when the phone is idle (2 s at most),
 * but never on a 2G link or with data saver on, nor while offline. Only code
 * is prefetched: a resource's data is not, since reading it counts a view.
 */

export const PREFETCH_IDLE_TIMEOUT_MS = 2000;

/** The parts of navigator.connection (Network Information API) that matter here. */
export interface ConnectionInfo {
  effectiveType?: string;
  saveData?: boolean;
}

function currentConnection(): ConnectionInfo | undefined {
  return typeof navigator === 'undefined' ? undefined : (navigator as Navigator & { connection?: ConnectionInfo }).connection;
}

/** False on 2G (slow-2g, 2g) or with data saver; true when the browser does not say. */
export function canPrefetch(connection: ConnectionInfo | null | undefined = currentConnection()): boolean {
  if (!connection) return true;
  if (connection.saveData === true) return false;
  return connection.effectiveType !== 'slow-2g' && connection.effectiveType !== '2g';
}

const requested = new Set<ChunkLoader>();

/** Starts loading a chunk once (per page life); false when it was skipped or already asked for. */
export function prefetchChunk(load: ChunkLoader, connection: ConnectionInfo | null | undefined = currentConnection()): boolean {
  if (requested.has(load)) return false;
  if (!canPrefetch(connection)) return false;
  if (typeof navigator !== 'undefined' && navigator.onLine === false) return false;
  requested.add(load);
  load().catch(() => {
    requested.delete(load); // a later hover may try again
  });
  return true;
}

/** Forgets what was prefetched (tests). */
export function resetPrefetch(): void {
  requested.clear();
}

type IdleWindow = typeof globalThis & {
  requestIdleCallback?: (callback: () => void, options?: { timeout: number }) => number;
  cancelIdleCallback?: (handle: number) => void;
};

/** Calls back when the browser is idle, or after `timeout` ms at the latest. Returns a cancel function. */
export function whenIdle(callback: () => void, timeout = PREFETCH_IDLE_TIMEOUT_MS): () => void {
  const w = globalThis as IdleWindow;
  if (typeof w.requestIdleCallback === 'function') {
    const handle = w.requestIdleCallback(callback, { timeout });
    return () => w.cancelIdleCallback?.(handle);
  }
  const handle = setTimeout(callback, Math.min(timeout, 200));
  return () => clearTimeout(handle);
}

export interface PrefetchHandlers {
  onPointerEnter: () => void;
  onFocus: () => void;
  onTouchStart: () => void;
}

/** Event handlers for a link to `path` that prefetch the chunk drawing it (ui/route-chunks.ts); also when the page goes idle. */
export function usePrefetch(path: string | undefined): PrefetchHandlers {
  const load = path === undefined ? undefined : routeChunkFor(path);
  useEffect(() => {
    if (!load) return undefined;
    return whenIdle(() => prefetchChunk(load));
  }, [load]);
  return useMemo(() => {
    const go = () => {
      if (load) prefetchChunk(load);
    };
    return { onPointerEnter: go, onFocus: go, onTouchStart: go };
  }, [load]);
}
