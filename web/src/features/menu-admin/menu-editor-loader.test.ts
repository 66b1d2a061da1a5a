import { describe, expect, it } from 'vitest';
import { categoryOptions } from './menu-editor-loader.ts';

describe('categoryOptions', () => {
  it('names each category with its ancestors, in tree order', () => {
    const flat = [
      { id: 1, name: 'Educación', parentId: null },
      { id: 2, name: 'Primaria', parentId: 1 },
      { id: 3, name: 'Lectura', parentId: 2 },
      { id: 4, name: 'Salud', parentId: null },
    ];
    expect(categoryOptions(flat)).toEqual([
      { id: 1, label: 'Educación' },
      { id: 2, label: 'Educación › Primaria' },
      { id: 3, label: 'Educación › Primaria › Lectura' },
      { id: 4, label: 'Salud' },
    ]);
  });

  it('survives a parent it was not given and a loop', () => {
    expect(categoryOptions([{ id: 5, name: 'Huérfana', parentId: 99 }])).toEqual([{ id: 5, label: 'Huérfana' }]);
    const loop = categoryOptions([
      { id: 1, name: 'A', parentId: 2 },
      { id: 2, name: 'B', parentId: 1 },
    ]);
    expect(loop[0]?.label.endsWith('B › A')).toBe(true);
  });
});
