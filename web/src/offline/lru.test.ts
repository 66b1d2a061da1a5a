import { describe, expect, it } from 'vitest';
import { planEviction } from './lru.ts';

const items = [
  { key: 'a', bytes: 100, lastUsedAt: 30 },
  { key: 'b', bytes: 100, lastUsedAt: 10 },
  { key: 'c', bytes: 100, lastUsedAt: 20 },
];

describe('planEviction', () => {
  it('evicts nothing when there is room', () => {
    expect(planEviction(items, 50, 50)).toEqual({ evict: [], fits: true });
  });

  it('evicts the least recently used items first, only as many as needed', () => {
    expect(planEviction(items, 150, 60)).toEqual({ evict: ['b'], fits: true });
    expect(planEviction(items, 250, 60)).toEqual({ evict: ['b', 'c'], fits: true });
  });

  it('never evicts the item being saved', () => {
    expect(planEviction(items, 150, 60, 'b')).toEqual({ evict: ['c'], fits: true });
  });

  it('evicts nothing when even an empty store would be too small', () => {
    expect(planEviction(items, 1000, 60)).toEqual({ evict: [], fits: false });
  });
});
