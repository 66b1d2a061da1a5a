import { describe, expect, it } from 'vitest';
import { planEviction } from './lru.ts';

const items = [
  { resourceId: 1, bytes: 100, lastUsedAt: 30 },
  { resourceId: 2, bytes: 100, lastUsedAt: 10 },
  { resourceId: 3, bytes: 100, lastUsedAt: 20 },
];

describe('planEviction', () => {
  it('evicts nothing when there is room', () => {
    expect(planEviction(items, 50, 50)).toEqual({ evict: [], fits: true });
  });

  it('evicts the least recently used items first, only as many as needed', () => {
    expect(planEviction(items, 150, 60)).toEqual({ evict: [2], fits: true });
    expect(planEviction(items, 250, 60)).toEqual({ evict: [2, 3], fits: true });
  });

  it('never evicts the item being saved', () => {
    expect(planEviction(items, 150, 60, 2)).toEqual({ evict: [3], fits: true });
  });

  it('evicts nothing when even an empty store would be too small', () => {
    expect(planEviction(items, 1000, 60)).toEqual({ evict: [], fits: false });
  });
});
