import { describe, expect, it } from 'vitest';
import { foldText, matchesWords, queryWords } from './fold.ts';

describe('offline search folding', () => {
  it('folds accents and ñ as the server does', () => {
    expect(foldText('Canción del Año')).toBe('cancion del ano');
  });

  it('matches unaccented words, the last one as a prefix', () => {
    expect(matchesWords('Canción de cuna', queryWords('cancion'))).toBe(true);
    expect(matchesWords('Canción de cuna', queryWords('cuna canc'))).toBe(true);
    expect(matchesWords('Canción de cuna', queryWords('canc cuna'))).toBe(false);
    expect(matchesWords('Canción de cuna', queryWords('  '))).toBe(false);
  });
});
