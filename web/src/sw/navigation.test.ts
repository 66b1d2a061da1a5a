import { describe, expect, it } from 'vitest';
import { NAVIGATION_DENYLIST } from './navigation.ts';

const answeredByShell = (pathAndSearch: string) => !NAVIGATION_DENYLIST.some((pattern) => pattern.test(pathAndSearch));

describe('service worker navigation fallback', () => {
  it.each(['/', '/menu', '/biblioteca?c=3', '/search?q=v1.2', '/resource/12', '/resource/12/read/A/Árbol', '/admin/resources/all'])(
    'answers %s with the app shell',
    (path) => expect(answeredByShell(path)).toBe(true),
  );

  it.each(['/api/health', '/api', '/api?x=1', '/media/ab12.mp4', '/pdf/tyc-uayki.pdf', '/zim/4/', '/zim/4/A/Árbol', '/images/onboarding/1.png', '/sw.js'])(
    'leaves %s to the network',
    (path) => expect(answeredByShell(path)).toBe(false),
  );
});
