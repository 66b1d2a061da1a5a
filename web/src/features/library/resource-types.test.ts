import { RESOURCE_TYPES } from '@kit/contract/values';
import { describe, expect, it } from 'vitest';
import { RESOURCE_TYPE_CATALOGUE, coverSource, parseTypeCode, placeholderKind, resourceType } from './resource-types.ts';

/** WCAG relative luminance contrast against white. */
function contrastOnWhite(hex: string): number {
  const channel = (i: number) => {
    const c = parseInt(hex.slice(1 + i * 2, 3 + i * 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  const l = 0.2126 * channel(0) + 0.7152 * channel(1) + 0.0722 * channel(2);
  return 1.05 / (l + 0.05);
}

describe('resource type catalogue', () => {
  it('has the eight codes with the Spanish labels, in order', () => {
    expect(RESOURCE_TYPE_CATALOGUE.map((t) => [t.code, t.label])).toEqual([
      [0, 'Todos'],
      [1, 'Imagen'],
      [2, 'Documento'],
      [3, 'Video'],
      [4, 'Audio'],
      [5, 'Aplicación'],
      [6, 'Lista'],
      [7, 'Biblioteca'],
    ]);
    expect(Object.values(RESOURCE_TYPES)).toEqual(RESOURCE_TYPE_CATALOGUE.map((t) => t.code));
  });

  it('agrees with the server contract’s codes', () => {
    expect(RESOURCE_TYPES).toEqual({ ALL: 0, IMAGE: 1, DOCUMENT: 2, VIDEO: 3, AUDIO: 4, APP: 5, LIST: 6, LIBRARY: 7 });
  });

  it('gives every type its own icon and a colour readable on white', () => {
    expect(new Set(RESOURCE_TYPE_CATALOGUE.map((t) => t.icon)).size).toBe(8);
    expect(new Set(RESOURCE_TYPE_CATALOGUE.map((t) => t.color)).size).toBe(8);
    for (const type of RESOURCE_TYPE_CATALOGUE) {
      expect(type.color).toMatch(/^#[0-9a-f]{6}$/);
      expect(contrastOnWhite(type.color), type.label).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('reads an unknown code as Todos', () => {
    expect(resourceType(3).label).toBe('Video');
    expect(resourceType(9).code).toBe(0);
    expect(resourceType(-1).code).toBe(0);
  });
});

describe('parseTypeCode', () => {
  it('accepts 0–7 and turns anything else into 0', () => {
    expect(parseTypeCode('3')).toBe(3);
    expect(parseTypeCode('6')).toBe(6);
    expect(parseTypeCode('7')).toBe(7);
    expect(parseTypeCode('8')).toBe(0);
    expect(parseTypeCode('1.5')).toBe(0);
    expect(parseTypeCode('')).toBe(0);
    expect(parseTypeCode(null)).toBe(0);
  });
});

describe('placeholders (by type code 2, 5, other)', () => {
  it('has one for documents, one for apps and one for everything else', () => {
    expect(placeholderKind(2)).toBe('document');
    expect(placeholderKind(5)).toBe('app');
    expect([1, 3, 4, 6, 0].map(placeholderKind)).toEqual(['other', 'other', 'other', 'other', 'other']);
  });

  it('uses the cover, else an image’s own file, else the placeholder', () => {
    expect(coverSource({ type: 3, coverUrl: '/c.jpg', mediaUrl: '/v.mp4' })).toBe('/c.jpg');
    expect(coverSource({ type: 1, coverUrl: null, mediaUrl: '/i.jpg' })).toBe('/i.jpg');
    expect(coverSource({ type: 3, coverUrl: null, mediaUrl: '/v.mp4' })).toBeNull();
    expect(coverSource({ type: 2, coverUrl: null, mediaUrl: '/d.pdf' })).toBeNull();
  });
});
