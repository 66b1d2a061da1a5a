import type { Category, UpdateCategory } from '@kit/contract';
import type { CategoryMove, Placed } from './drop-rules.ts';

/**
 * docs/PRODUCT.md#categories category store: children per parent (null: top level), with separate
 * loading / create / update / delete flags. Creating raises the new parent's
 * childrenCount; updating moves the count from the old parent to the new one;
 * deleting lowers the old parent's; changing parent or moving before another
 * category re-reads the children of the affected parents.
 */
export interface CategoryState {
  children: ReadonlyMap<number | null, readonly Category[]>;
  loading: boolean;
  creating: boolean;
  updating: boolean;
  deleting: boolean;
}

export const initialCategoryState: CategoryState = { children: new Map(), loading: false, creating: false, updating: false, deleting: false };

const bySort = (a: Category, b: Category) => a.priority - b.priority || a.id - b.id;

/** Adjusts one category's childrenCount wherever it is listed. */
function bumpCount(children: Map<number | null, readonly Category[]>, id: number | null, delta: number): void {
  if (id === null) return;
  for (const [parent, list] of children) {
    if (list.some((c) => c.id === id)) children.set(parent, list.map((c) => (c.id === id ? { ...c, childrenCount: Math.max(0, c.childrenCount + delta) } : c)));
  }
}

export function setChildren(state: CategoryState, parentId: number | null, list: readonly Category[]): CategoryState {
  const children = new Map(state.children);
  children.set(parentId, [...list].sort(bySort));
  // the parent's count is what was just read
  bumpCount(children, parentId, 0);
  if (parentId !== null) {
    for (const [p, l] of children) if (l.some((c) => c.id === parentId)) children.set(p, l.map((c) => (c.id === parentId ? { ...c, childrenCount: list.length } : c)));
  }
  return { ...state, children };
}

export function categoryCreated(state: CategoryState, created: Category): CategoryState {
  const children = new Map(state.children);
  const list = children.get(created.parentId);
  if (list) children.set(created.parentId, [...list.filter((c) => c.id !== created.id), created].sort(bySort));
  bumpCount(children, created.parentId, +1);
  return { ...state, children };
}

export function categoryUpdated(state: CategoryState, before: Category, after: Category): CategoryState {
  const children = new Map(state.children);
  const old = children.get(before.parentId);
  if (old) children.set(before.parentId, old.filter((c) => c.id !== before.id));
  const next = children.get(after.parentId);
  if (next) children.set(after.parentId, [...next.filter((c) => c.id !== after.id), after].sort(bySort));
  if (before.parentId !== after.parentId) {
    bumpCount(children, before.parentId, -1);
    bumpCount(children, after.parentId, +1);
  }
  return { ...state, children };
}

export function categoryDeleted(state: CategoryState, deleted: Category): CategoryState {
  const children = new Map(state.children);
  const list = children.get(deleted.parentId);
  if (list) children.set(deleted.parentId, list.filter((c) => c.id !== deleted.id));
  children.delete(deleted.id);
  bumpCount(children, deleted.parentId, -1);
  return { ...state, children };
}

/** Where a category is listed, if loaded. */
export function findCategory(state: CategoryState, id: number): Category | undefined {
  for (const list of state.children.values()) {
    const found = list.find((c) => c.id === id);
    if (found) return found;
  }
  return undefined;
}

/** Parents whose children a change-parent or move-before touched: the old one and the new one. */
export function affectedParents(before: Category, newParentId: number | null): (number | null)[] {
  return before.parentId === newParentId ? [newParentId] : [before.parentId, newParentId];
}

export interface CategoryApi {
  children: (parentId: number | null) => Promise<Category[]>;
  create: (name: string, parentId: number | null) => Promise<{ data: Category }>;
  update: (id: number, body: UpdateCategory) => Promise<{ data: Category }>;
  changeParent: (id: number, newParentId: number | null) => Promise<{ data: Category }>;
  moveBefore: (id: number, refId: number) => Promise<{ data: Category }>;
  remove: (id: number) => Promise<unknown>;
}

/** The store with its actions; `onChange` gets every new state. */
export class CategoryStore {
  state: CategoryState = initialCategoryState;
  private readonly listeners = new Set<() => void>();
  private readonly api: CategoryApi;
  constructor(api: CategoryApi) {
    this.api = api;
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };
  getState = (): CategoryState => this.state;
  private set(state: CategoryState): void {
    this.state = state;
    for (const l of this.listeners) l();
  }
  private async flag<T>(name: 'loading' | 'creating' | 'updating' | 'deleting', work: () => Promise<T>): Promise<T> {
    this.set({ ...this.state, [name]: true });
    try {
      return await work();
    } finally {
      this.set({ ...this.state, [name]: false });
    }
  }

  load(parentId: number | null): Promise<void> {
    return this.flag('loading', async () => this.set(setChildren(this.state, parentId, await this.api.children(parentId))));
  }

  private async reread(parents: readonly (number | null)[]): Promise<void> {
    for (const p of new Set(parents)) if (p === null || this.state.children.has(p) || findCategory(this.state, p)) this.set(setChildren(this.state, p, await this.api.children(p)));
  }

  create(name: string, parentId: number | null): Promise<Category> {
    return this.flag('creating', async () => {
      const { data } = await this.api.create(name, parentId);
      this.set(categoryCreated(this.state, data));
      return data;
    });
  }

  rename(category: Category, name: string): Promise<Category> {
    return this.edit(category, { name });
  }

  /** Hides the category and its subtree from everyone but admins, or shows it again (docs/PRODUCT.md#categories). */
  setHidden(category: Category, hidden: boolean): Promise<Category> {
    return this.edit(category, { statusId: hidden ? 0 : 1 });
  }

  private edit(category: Category, body: UpdateCategory): Promise<Category> {
    return this.flag('updating', async () => {
      const { data } = await this.api.update(category.id, body);
      this.set(categoryUpdated(this.state, category, data));
      return data;
    });
  }

  remove(category: Category): Promise<void> {
    return this.flag('deleting', async () => {
      await this.api.remove(category.id);
      this.set(categoryDeleted(this.state, category));
    });
  }

  changeParent(category: Category, newParentId: number | null): Promise<void> {
    return this.flag('updating', async () => {
      await this.api.changeParent(category.id, newParentId);
      await this.reread(affectedParents(category, newParentId));
    });
  }

  moveBefore(category: Category, ref: Placed): Promise<void> {
    return this.flag('updating', async () => {
      await this.api.moveBefore(category.id, ref.id);
      await this.reread(affectedParents(category, ref.parentId));
    });
  }

  /** A move planned by the drop rules (features/categories): change parent or move before. */
  applyMove(category: Category, move: CategoryMove): Promise<void> {
    return move.kind === 'change-parent'
      ? this.changeParent(category, move.parentId)
      : this.moveBefore(category, { id: move.refId, parentId: move.parentId });
  }
}
