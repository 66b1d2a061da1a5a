import { describe, expect, it } from 'vitest';
import { dropPositionAt, keyboardDrop, keyMoveOf, planDrop, type Placed } from './drop-rules.ts';

// Under the top level: Alfa, Beta, Gama; Beta holds Uno.
const alfa: Placed = { id: 1, parentId: null };
const beta: Placed = { id: 2, parentId: null };
const gama: Placed = { id: 3, parentId: null };
const uno: Placed = { id: 4, parentId: 2 };
const top = [alfa, beta, gama];

describe('dropPositionAt', () => {
  it.each([
    [1, 'before'],
    [20, 'inside'],
    [39, 'after'],
  ] as const)('at %i px of a 40 px row is %s', (y, pos) => {
    expect(dropPositionAt(y, 40)).toBe(pos);
  });
});

describe('planDrop: the call a drop makes', () => {
  it('before a category: move-before it, under its parent', () => {
    expect(planDrop(gama.id, alfa, 'before', top)).toEqual({ kind: 'move-before', id: 3, refId: 1, parentId: null });
    expect(planDrop(alfa.id, uno, 'before', [uno])).toEqual({ kind: 'move-before', id: 1, refId: 4, parentId: 2 });
  });

  it('inside a category: change-parent to it (appended last)', () => {
    expect(planDrop(alfa.id, beta, 'inside', top)).toEqual({ kind: 'change-parent', id: 1, parentId: 2 });
  });

  it('after a category: move-before the sibling that follows it, leaving the moved one out', () => {
    expect(planDrop(gama.id, alfa, 'after', top)).toEqual({ kind: 'move-before', id: 3, refId: 2, parentId: null });
    // Alfa after Beta: the next one after Beta, once Alfa is out of the list, is Gama
    expect(planDrop(alfa.id, beta, 'after', top)).toEqual({ kind: 'move-before', id: 1, refId: 3, parentId: null });
  });

  it('after the last one: change-parent to its parent, which appends it last', () => {
    expect(planDrop(alfa.id, gama, 'after', top)).toEqual({ kind: 'change-parent', id: 1, parentId: null });
    expect(planDrop(gama.id, uno, 'after', [uno])).toEqual({ kind: 'change-parent', id: 3, parentId: 2 });
  });

  it('a drop on itself does nothing', () => {
    for (const pos of ['before', 'after', 'inside'] as const) expect(planDrop(beta.id, beta, pos, top)).toBeNull();
  });
});

describe('keyboard moves: Alt + arrows', () => {
  const key = (k: string, mods: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) => ({
    key: k,
    altKey: true,
    ctrlKey: false,
    metaKey: false,
    shiftKey: false,
    ...mods,
  });

  it('reads Alt + an arrow as a move, and nothing else', () => {
    expect(keyMoveOf(key('ArrowUp'))).toBe('up');
    expect(keyMoveOf(key('ArrowDown'))).toBe('down');
    expect(keyMoveOf(key('ArrowRight'))).toBe('indent');
    expect(keyMoveOf(key('ArrowLeft'))).toBe('outdent');
    expect(keyMoveOf(key('ArrowUp', { altKey: false }))).toBeNull();
    expect(keyMoveOf(key('ArrowUp', { shiftKey: true }))).toBeNull();
    expect(keyMoveOf(key('Enter'))).toBeNull();
  });

  it('up is a drop before the previous sibling, down after the next', () => {
    expect(keyboardDrop('up', beta, top, undefined)).toEqual({ target: alfa, pos: 'before' });
    expect(keyboardDrop('down', beta, top, undefined)).toEqual({ target: gama, pos: 'after' });
  });

  it('indent is a drop inside the previous sibling, outdent right after the parent', () => {
    expect(keyboardDrop('indent', gama, top, undefined)).toEqual({ target: beta, pos: 'inside' });
    expect(keyboardDrop('outdent', uno, [uno], beta)).toEqual({ target: beta, pos: 'after' });
  });

  it('does nothing at an edge', () => {
    expect(keyboardDrop('up', alfa, top, undefined)).toBeNull();
    expect(keyboardDrop('indent', alfa, top, undefined)).toBeNull();
    expect(keyboardDrop('down', gama, top, undefined)).toBeNull();
    expect(keyboardDrop('outdent', alfa, top, undefined)).toBeNull();
  });
});
