import type { AdminTile } from '@kit/contract';
import { describe, expect, it } from 'vitest';
import { esPortal } from '../../i18n/es-portal.ts';
import { describeTarget, initialChoice, moveKey, targetFromForm } from './tile-target.ts';

const categories = [{ id: 4, label: 'Educación › Primaria' }];

describe('targetFromForm', () => {
  it.each([
    ['route', ' /anuncios ', { kind: 'route', value: '/anuncios' }],
    ['category', '4', { kind: 'category', value: '4' }],
    ['type', '3', { kind: 'type', value: '3' }],
    ['url', 'http://portal.kit:8081/wikipedia_es', { kind: 'url', value: 'http://portal.kit:8081/wikipedia_es' }],
    ['none', 'ignored', { kind: 'none', value: '' }],
  ] as const)('turns a %s into its target', (choice, value, target) => {
    expect(targetFromForm(choice, value)).toEqual({ target });
  });

  it('sends null to put a catalogue tool back as the portal has it', () => {
    expect(targetFromForm('default', '')).toEqual({ target: null });
  });

  it.each([
    ['route', 'anuncios'],
    ['route', '//evil.example'],
    ['route', '/api/v2/admin/menu/default'],
    ['category', ''],
    ['type', '7'],
    ['url', 'javascript:alert(1)'],
    ['url', 'enciclopedia'],
  ] as const)('refuses a %s of «%s»', (choice, value) => {
    expect(targetFromForm(choice, value)).toHaveProperty('error');
  });
});

describe('describeTarget', () => {
  it('names categories and types, and says when there is no target', () => {
    expect(describeTarget({ kind: 'category', value: '4' }, categories, 'biblioteca')).toBe('Una categoría de la biblioteca: Educación › Primaria');
    expect(describeTarget({ kind: 'type', value: '3' }, categories, 'biblioteca')).toBe('Un tipo de recurso: Video');
    expect(describeTarget({ kind: 'none', value: '' }, categories, 'biblioteca')).toContain('Próximamente');
    expect(describeTarget({ kind: 'route', value: '/{product}' }, categories, 'saberes')).toBe(`${esPortal.menuEditor.targetKinds.route}: /saberes`);
  });
});

describe('initialChoice', () => {
  const tile = { key: 'news', custom: false, targetOverridden: false, target: { kind: 'none', value: '' } } as AdminTile;
  it('starts a catalogue tool on "as the portal has it" until its target was changed', () => {
    expect(initialChoice(tile)).toEqual({ choice: 'default', value: '' });
    expect(initialChoice({ ...tile, targetOverridden: true, target: { kind: 'url', value: 'http://x/' } })).toEqual({ choice: 'url', value: 'http://x/' });
    expect(initialChoice(null)).toEqual({ choice: 'category', value: '' });
  });
});

describe('moveKey', () => {
  it('swaps a key with its neighbour, and leaves the ends alone', () => {
    expect(moveKey(['a', 'b', 'c'], 'c', -1)).toEqual(['a', 'c', 'b']);
    expect(moveKey(['a', 'b', 'c'], 'a', 1)).toEqual(['b', 'a', 'c']);
    expect(moveKey(['a', 'b', 'c'], 'a', -1)).toEqual(['a', 'b', 'c']);
    expect(moveKey(['a', 'b', 'c'], 'c', 1)).toEqual(['a', 'b', 'c']);
  });
});
