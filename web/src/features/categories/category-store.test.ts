import type { Category } from '@kit/contract';
import { describe, expect, it, vi } from 'vitest';
import { CategoryStore, categoryCreated, categoryDeleted, categoryUpdated, initialCategoryState, setChildren, type CategoryApi } from './category-store.ts';

const cat = (id: number, name: string, parentId: number | null, priority: number, childrenCount = 0): Category => ({ id, name, parentId, priority, childrenCount, statusId: 1 });
const A = cat(1, 'Educación', null, 1, 1);
const B = cat(2, 'Salud', null, 2, 0);
const A1 = cat(3, 'Primaria', 1, 1);

const loaded = () => setChildren(setChildren(initialCategoryState, null, [B, A]), 1, [A1]);
const count = (s: ReturnType<typeof loaded>, id: number) => [...s.children.values()].flat().find((c) => c.id === id)?.childrenCount;

describe('category store rules', () => {
  it('keeps siblings sorted by priority', () => {
    expect(loaded().children.get(null)?.map((c) => c.name)).toEqual(['Educación', 'Salud']);
  });

  it('creating adds the category and raises the new parent child count', () => {
    const s = categoryCreated(loaded(), cat(9, 'Nueva', 2, 1));
    expect(count(s, 2)).toBe(1);
    expect(count(s, 1)).toBe(1);
  });

  it('updating moves the count from the old parent to the new one', () => {
    const s = categoryUpdated(loaded(), A1, { ...A1, parentId: 2 });
    expect(count(s, 1)).toBe(0);
    expect(count(s, 2)).toBe(1);
    expect(s.children.get(1)).toEqual([]);
  });

  it('a rename leaves the counts alone', () => {
    const s = categoryUpdated(loaded(), A1, { ...A1, name: 'Inicial' });
    expect(count(s, 1)).toBe(1);
    expect(s.children.get(1)?.[0]?.name).toBe('Inicial');
  });

  it('deleting removes it and lowers the old parent count', () => {
    const s = categoryDeleted(loaded(), A1);
    expect(count(s, 1)).toBe(0);
    expect(s.children.get(1)).toEqual([]);
  });
});

function fakeApi(): CategoryApi & { children: ReturnType<typeof vi.fn> } {
  return {
    children: vi.fn(async (parent: number | null) => (parent === null ? [A, B] : parent === 1 ? [] : [{ ...A1, parentId: 2 }])),
    create: vi.fn(async (name: string, parentId: number | null) => ({ data: cat(10, name, parentId, 1) })),
    update: vi.fn(),
    changeParent: vi.fn(async () => ({ data: { ...A1, parentId: 2 } })),
    moveBefore: vi.fn(async () => ({ data: A1 })),
    remove: vi.fn(async () => ({})),
  } as never;
}

describe('CategoryStore actions', () => {
  it('change parent re-reads the children of the old and the new parent', async () => {
    const api = fakeApi();
    const store = new CategoryStore(api);
    store.state = loaded();
    await store.changeParent(A1, 2);
    expect(api.children.mock.calls.map((c) => c[0]).sort()).toEqual([1, 2]);
    expect(store.state.children.get(2)?.map((c) => c.id)).toEqual([3]);
    expect(store.state.updating).toBe(false);
  });

  it('move before re-reads the affected parents', async () => {
    const api = fakeApi();
    const store = new CategoryStore(api);
    store.state = loaded();
    await store.moveBefore(A1, A);
    expect(api.children.mock.calls.map((c) => c[0])).toEqual([1, null]);
  });

  it('raises only its own flag while working', async () => {
    const api = fakeApi();
    const store = new CategoryStore(api);
    store.state = loaded();
    const seen: string[] = [];
    store.subscribe(() => {
      const s = store.getState();
      seen.push(`${s.loading}${s.creating}${s.updating}${s.deleting}`);
    });
    await store.create('Nueva', 1);
    expect(seen[0]).toBe('falsetruefalsefalse');
    expect(store.state.creating).toBe(false);
    expect(count(store.state, 1)).toBe(2);
  });

  it('leaves the tree alone when a delete is refused', async () => {
    const api = fakeApi();
    api.remove = vi.fn(async () => {
      throw new Error('no vacía');
    });
    const store = new CategoryStore(api);
    store.state = loaded();
    await expect(store.remove(A)).rejects.toThrow('no vacía');
    expect(store.state.children.get(null)?.length).toBe(2);
    expect(store.state.deleting).toBe(false);
  });
});
