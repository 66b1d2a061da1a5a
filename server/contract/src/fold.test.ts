import { describe, expect, it } from 'vitest';
import { foldText } from './fold.ts';

describe('foldText', () => {
  it('drops accents and case, and folds ñ as n', () => {
    expect(foldText('José ÑANDÚ Educación')).toBe('jose nandu educacion');
    expect(foldText('Canción del Año')).toBe('cancion del ano');
  });

  it('folds a letter written with a combining accent like the precomposed one', () => {
    expect(foldText('nin\u0303o')).toBe(foldText('niño'));
  });
});
