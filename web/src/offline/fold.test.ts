import { describe, expect, it } from 'vitest';
import { matchesWords, queryWords } from './fold.ts';

describe('offline search folding', () => {
  it('matches unaccented words, the last one as a prefix', () => {
    expect(matchesWords('Canción de cuna', queryWords('cancion'))).toBe(true);
    expect(matchesWords('Canción de cuna', queryWords('cuna canc'))).toBe(true);
    expect(matchesWords('Canción de cuna', queryWords('canc cuna'))).toBe(false);
    expect(matchesWords('Canción de cuna', queryWords('  '))).toBe(false);
  });
});
