/** docs/PRODUCT.md#library-header: the advertising banner stays hidden for one day after the user hides it. */
export const BANNER_HIDE_MS = 24 * 60 * 60 * 1000;
export const BANNER_HIDDEN_KEY = 'kp_banner_hidden_at';

type Store = Pick<Storage, 'getItem' | 'setItem'>;

function defaultStore(): Store | null {
  try {
    return globalThis.localStorage ?? null;
  } catch {
    return null; // storage blocked (private mode, policy)
  }
}

/** True while a "hide" from less than a day ago holds. */
export function isBannerHidden(now = Date.now(), store: Store | null = defaultStore()): boolean {
  let raw: string | null;
  try {
    raw = store?.getItem(BANNER_HIDDEN_KEY) ?? null;
  } catch {
    return false;
  }
  const hiddenAt = raw === null ? Number.NaN : Number(raw);
  if (!Number.isFinite(hiddenAt)) return false;
  // A timestamp in the future (a phone whose clock was wrong) does not hide it for ever.
  return hiddenAt <= now && now - hiddenAt < BANNER_HIDE_MS;
}

/** Remembers that the banner was hidden now. */
export function hideBanner(now = Date.now(), store: Store | null = defaultStore()): void {
  try {
    store?.setItem(BANNER_HIDDEN_KEY, String(now));
  } catch {
    // full or blocked storage: the banner just comes back next time
  }
}
