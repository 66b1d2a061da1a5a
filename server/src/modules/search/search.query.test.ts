import { describe, expect, it } from 'vitest';
import { buildMatchExpression, MAX_TERMS, searchTerms } from './search.query.ts';

describe('buildMatchExpression', () => {
  it('quotes every word, ANDs them and makes the last one a prefix while typing', () => {
    expect(buildMatchExpression('agua potable')).toBe('"agua" "potable"*');
    expect(buildMatchExpression('educ')).toBe('"educ"*');
  });

  it('matches the last word whole once a space or punctuation follows it', () => {
    expect(buildMatchExpression('agua potable ')).toBe('"agua" "potable"');
    expect(buildMatchExpression('agua potable.')).toBe('"agua" "potable"');
  });

  it('keeps accents and ñ for the index to fold', () => {
    expect(buildMatchExpression('Educación niño')).toBe('"Educación" "niño"*');
  });

  it('turns FTS5 syntax into plain words', () => {
    expect(buildMatchExpression('title:agua OR NOT "x" NEAR(a b)')).toBe('"title" "agua" "OR" "NOT" "x" "NEAR" "a" "b"');
    expect(buildMatchExpression('^c {d e}: f*')).toBe('"c" "d" "e" "f"');
    expect(buildMatchExpression('^c {d e}: fg*')).toBe('"c" "d" "e" "fg"');
    expect(buildMatchExpression(`'; DROP TABLE resources; --`)).toBe('"DROP" "TABLE" "resources"');
  });

  it('is null for a query of only punctuation, symbols or spaces', () => {
    for (const q of ['', '   ', '"""', '***', '¿¡?!', '-- ; ()', '^:']) expect(buildMatchExpression(q)).toBeNull();
  });

  it('does not make a single letter a prefix', () => {
    expect(buildMatchExpression('vitamina a')).toBe('"vitamina" "a"');
  });

  it('bounds the number and length of words', () => {
    expect(searchTerms(Array.from({ length: 30 }, (_, i) => `p${i}`).join(' '))).toHaveLength(MAX_TERMS);
    expect(searchTerms('x'.repeat(500))[0]).toHaveLength(40);
  });

  it('composes decomposed accents first (NFKC)', () => {
    expect(buildMatchExpression('nin\u0303o ')).toBe('"niño"');
  });
});
