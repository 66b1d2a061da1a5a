import { describe, expect, it } from 'vitest';
import { splitGrant } from './read-grant.ts';

const GRANT = `~12.1796300000.${'a'.repeat(43)}`;

describe('splitGrant', () => {
  it('takes a grant segment off the front of the path, and only a grant', () => {
    expect(splitGrant(`${GRANT}/A/%C3%81rbol`)).toEqual({ grant: GRANT, rest: 'A/%C3%81rbol' });
    expect(splitGrant(GRANT)).toEqual({ grant: GRANT, rest: '' });
    // An entry whose own path starts with "~" stays whole.
    expect(splitGrant('~usuario/notas.html')).toEqual({ grant: null, rest: '~usuario/notas.html' });
    expect(splitGrant(`${GRANT}x/img.png`)).toEqual({ grant: null, rest: `${GRANT}x/img.png` });
    expect(splitGrant('index.html')).toEqual({ grant: null, rest: 'index.html' });
  });
});
