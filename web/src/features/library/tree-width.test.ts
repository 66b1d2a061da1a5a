import { describe, expect, it } from 'vitest';
import { treeNodeWidth } from './tree-width.ts';

describe('treeNodeWidth (273 − 22 per depth)', () => {
  it('is 273 at the top level and 22 less per level', () => {
    expect(treeNodeWidth(0)).toBe(273);
    expect(treeNodeWidth(1)).toBe(251);
    expect(treeNodeWidth(2)).toBe(229);
    expect(treeNodeWidth(5)).toBe(163);
  });

  it('keeps deep levels readable and treats a negative depth as the top', () => {
    expect(treeNodeWidth(10)).toBe(120);
    expect(treeNodeWidth(-1)).toBe(273);
  });
});
