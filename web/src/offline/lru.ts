/** What eviction needs to know of a saved item (media or an article, told apart by `key`). */
export interface Evictable {
  key: string;
  bytes: number;
  lastUsedAt: number;
}

export interface EvictionPlan {
  /** the items to delete, least recently used first */
  evict: string[];
  /** false when even deleting every other item leaves too little room */
  fits: boolean;
}

/**
 * Makes room for `needed` bytes when only `available` are free: deletes the
 * least recently used saved items until enough is free, never `keep` (the
 * item being saved again). Nothing is evicted when it cannot fit anyway.
 */
export function planEviction(items: readonly Evictable[], needed: number, available: number, keep?: string): EvictionPlan {
  if (needed <= available) return { evict: [], fits: true };
  const candidates = items.filter((item) => item.key !== keep).sort((a, b) => a.lastUsedAt - b.lastUsedAt);
  const evict: string[] = [];
  let free = available;
  for (const item of candidates) {
    if (free >= needed) break;
    evict.push(item.key);
    free += item.bytes;
  }
  return free >= needed ? { evict, fits: true } : { evict: [], fits: false };
}
