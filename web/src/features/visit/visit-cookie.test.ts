import { describe, expect, it } from 'vitest';
import { VISIT_COOKIE, hasVisited, markVisited, type CookieJar } from './visit-cookie.ts';

/** Records what is written, as document.cookie's setter would receive it. */
function jar(initial = ''): CookieJar & { written: string[] } {
  const written: string[] = [];
  return {
    written,
    get cookie() {
      return initial;
    },
    set cookie(value: string) {
      written.push(value);
    },
  };
}

describe('visit cookie', () => {
  it('is not there on a first visit', () => {
    expect(hasVisited(jar(''))).toBe(false);
    expect(hasVisited(jar('other=1; kp_visited_not=1'))).toBe(false);
  });

  it('is recognised among other cookies', () => {
    expect(hasVisited(jar(`a=1; ${VISIT_COOKIE}=1; b=2`))).toBe(true);
  });

  it('is written for the whole site, for a year, SameSite=Lax', () => {
    const cookies = jar();
    markVisited(cookies);
    expect(cookies.written).toEqual(['kp_visited=1; Path=/; Max-Age=31536000; SameSite=Lax']);
  });
});
