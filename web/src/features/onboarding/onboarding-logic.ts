/*
 * docs/PRODUCT.md#onboarding onboarding: 5 intro slides, plus a final "Completa tu perfil"
 * form slide when the user lacks a valid gender or birth date. Shown once
 * per user (kept in local storage and a cookie, by user id) or whenever the
 * profile is incomplete.
 */

/** docs/PRODUCT.md#onboarding: 5 base slides plus the form slide. */
export const BASE_SLIDES = 5;
const SEEN_PREFIX = 'kp_onboarding_';
const SEEN_COOKIE_MAX_AGE = 10 * 365 * 24 * 3600;

export function slideCount(withForm: boolean): number {
  return BASE_SLIDES + (withForm ? 1 : 0);
}

/** docs/PRODUCT.md#onboarding: the last slide is index 4 without the form, 5 with it. */
export function lastSlide(withForm: boolean): number {
  return slideCount(withForm) - 1;
}

export function isFormSlide(index: number, withForm: boolean): boolean {
  return withForm && index === lastSlide(withForm);
}

/** docs/PRODUCT.md#onboarding: 'Siguiente' until the last slide, then 'Finalizar'. */
export function buttonKind(index: number, withForm: boolean): 'next' | 'finish' {
  return index < lastSlide(withForm) ? 'next' : 'finish';
}

/** The slide after a click on 'Siguiente' (never past the last). */
export function nextSlide(index: number, withForm: boolean): number {
  return Math.min(index + 1, lastSlide(withForm));
}

/** docs/PRODUCT.md#onboarding: with the form the modal cannot be closed nor dismissed by clicking outside. */
export function isDismissable(withForm: boolean): boolean {
  return !withForm;
}

/** docs/PRODUCT.md#onboarding: shown to a first-time user, or whenever the profile lacks gender or birth date. */
export function shouldShowOnboarding(seen: boolean, needsProfile: boolean): boolean {
  return !seen || needsProfile;
}

export interface SeenStores {
  storage: Pick<Storage, 'getItem' | 'setItem'> | null;
  /** reads and writes document.cookie */
  cookie: { get: () => string; set: (cookie: string) => void };
}

function browserStores(): SeenStores {
  let storage: Storage | null;
  try {
    storage = window.localStorage;
  } catch {
    storage = null;
  }
  return { storage, cookie: { get: () => document.cookie, set: (value) => (document.cookie = value) } };
}

export function seenKey(userId: number): string {
  return `${SEEN_PREFIX}${userId}`;
}

/** Seen when either the local storage or the cookie says so (one may have been cleared). */
export function hasSeenOnboarding(userId: number, stores: SeenStores = browserStores()): boolean {
  const key = seenKey(userId);
  try {
    if (stores.storage?.getItem(key) === '1') return true;
  } catch {
    // storage disabled: the cookie decides
  }
  return stores.cookie
    .get()
    .split(';')
    .some((part) => part.trim() === `${key}=1`);
}

export function markOnboardingSeen(userId: number, stores: SeenStores = browserStores()): void {
  const key = seenKey(userId);
  try {
    stores.storage?.setItem(key, '1');
  } catch {
    // full or disabled: the cookie still remembers
  }
  stores.cookie.set(`${key}=1; Max-Age=${SEEN_COOKIE_MAX_AGE}; Path=/; SameSite=Lax`);
}

/** The two image sizes of a slide (docs/PRODUCT.md#onboarding: images vary by screen size). */
export function slideImages(index: number): { small: string; large: string } {
  const n = index + 1;
  return { small: `/images/onboarding/slide-${n}-small.svg`, large: `/images/onboarding/slide-${n}-large.svg` };
}
