import { describe, expect, it } from 'vitest';
import { encodedArticlePathOf, frameArticleOf, outsideAddress, readerUrl } from './reader-paths.ts';

describe('reader addresses', () => {
  it('writes an article path into the reader address segment by segment, and reads it back as sent', () => {
    expect(readerUrl(4, 'A/Árbol de la vida')).toBe('/resource/4/read/A/%C3%81rbol%20de%20la%20vida');
    expect(readerUrl(4)).toBe('/resource/4/read/');
    expect(encodedArticlePathOf('/resource/4/read/A/%C3%81rbol')).toBe('A/%C3%81rbol');
    expect(encodedArticlePathOf('/resource/4/read')).toBe('');
  });

  it('takes only the frame script\'s message shape', () => {
    expect(frameArticleOf({ type: 'zim-article', path: 'Árbol', title: 'Árbol' })).toEqual({ path: 'Árbol', title: 'Árbol' });
    for (const other of [null, 'Árbol', { type: 'otro', path: 'a', title: '' }, { type: 'zim-article', path: 3, title: '' }]) expect(frameArticleOf(other)).toBeNull();
  });

  it('shows as a link only a web address', () => {
    expect(outsideAddress('https://es.wikipedia.org/wiki/Ceiba')?.href).toBe('https://es.wikipedia.org/wiki/Ceiba');
    for (const bad of [null, '', 'javascript:alert(1)', 'data:text/html,x', 'no es una dirección']) expect(outsideAddress(bad)).toBeNull();
  });
});
