import { describe, expect, it } from 'vitest';
import {
  buttonKind,
  hasSeenOnboarding,
  isDismissable,
  isFormSlide,
  lastSlide,
  markOnboardingSeen,
  nextSlide,
  shouldShowOnboarding,
  slideCount,
  slideImages,
  type SeenStores,
} from './onboarding-logic.ts';

function memoryStores(): SeenStores & { cookies: string[]; map: Map<string, string> } {
  const map = new Map<string, string>();
  const cookies: string[] = [];
  return {
    map,
    cookies,
    storage: { getItem: (key) => map.get(key) ?? null, setItem: (key, value) => void map.set(key, value) },
    cookie: { get: () => cookies.map((c) => c.split(';')[0]).join('; '), set: (value) => void cookies.push(value) },
  };
}

describe('onboarding slides', () => {
  it('has 5 slides, 6 with the profile form', () => {
    expect(slideCount(false)).toBe(5);
    expect(slideCount(true)).toBe(6);
    expect(lastSlide(false)).toBe(4);
    expect(lastSlide(true)).toBe(5);
  });

  it.each([
    [false, ['next', 'next', 'next', 'next', 'finish']],
    [true, ['next', 'next', 'next', 'next', 'next', 'finish']],
  ] as const)('with form %s the button reads Siguiente until the last slide, then Finalizar', (withForm, kinds) => {
    expect(Array.from({ length: slideCount(withForm) }, (_, i) => buttonKind(i, withForm))).toEqual(kinds);
  });

  it('walks from slide 0 and stops at the last', () => {
    let index = 0;
    const seen = [index];
    for (let i = 0; i < 10; i += 1) seen.push((index = nextSlide(index, true)));
    expect(seen.slice(0, 7)).toEqual([0, 1, 2, 3, 4, 5, 5]);
  });

  it('only the last slide with the form is the form slide', () => {
    expect(isFormSlide(5, true)).toBe(true);
    expect(isFormSlide(4, true)).toBe(false);
    expect(isFormSlide(4, false)).toBe(false);
  });

  it('cannot be dismissed when the form is there', () => {
    expect(isDismissable(true)).toBe(false);
    expect(isDismissable(false)).toBe(true);
  });

  it('is shown to a first-time user or whenever the profile is incomplete', () => {
    expect(shouldShowOnboarding(false, false)).toBe(true);
    expect(shouldShowOnboarding(true, true)).toBe(true);
    expect(shouldShowOnboarding(false, true)).toBe(true);
    expect(shouldShowOnboarding(true, false)).toBe(false);
  });

  it('has a small and a large image per slide', () => {
    expect(slideImages(0)).toEqual({ small: '/images/onboarding/slide-1-small.svg', large: '/images/onboarding/slide-1-large.svg' });
  });
});

describe('seen once per user (local storage and a cookie, by user id)', () => {
  it('remembers in both, per user', () => {
    const stores = memoryStores();
    expect(hasSeenOnboarding(7, stores)).toBe(false);
    markOnboardingSeen(7, stores);
    expect(stores.map.get('kp_onboarding_7')).toBe('1');
    expect(stores.cookies[0]).toMatch(/^kp_onboarding_7=1; Max-Age=\d+; Path=\/; SameSite=Lax$/);
    expect(hasSeenOnboarding(7, stores)).toBe(true);
    expect(hasSeenOnboarding(8, stores)).toBe(false);
  });

  it('either one is enough (the other may have been cleared)', () => {
    const storageOnly = memoryStores();
    storageOnly.map.set('kp_onboarding_7', '1');
    expect(hasSeenOnboarding(7, storageOnly)).toBe(true);
    const cookieOnly = memoryStores();
    cookieOnly.cookies.push('kp_onboarding_7=1');
    expect(hasSeenOnboarding(7, cookieOnly)).toBe(true);
    expect(hasSeenOnboarding(77, cookieOnly)).toBe(false);
  });

  it('works with local storage disabled', () => {
    const stores = { ...memoryStores(), storage: null };
    markOnboardingSeen(3, stores);
    expect(hasSeenOnboarding(3, stores)).toBe(true);
  });
});
