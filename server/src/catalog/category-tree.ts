import type { Category, CategoryField, CategoryFields, CategoryTreeNode, NamedRef } from '@kit/contract';
import { isPrivileged } from '../access/privilege.ts';
import type { Db } from '../db/connection.ts';
import { memoOnTables } from '../db/table-memo.ts';
import type { Viewer } from '../access/viewer.ts';
import { listCategories, type DbCategory } from './categories.repo.ts';

export const VISIBLE = 1;

/** Rows shared by every kept tree and every answer made from them: frozen, so no caller can change them for the next. */
const frozenCategories = (db: Db): DbCategory[] => listCategories(db).map((row) => Object.freeze(row));

/**
 * The category tree as one viewer may see it. A hidden category (status_id 0)
 * hides its whole subtree from everyone but admins: it is absent from every
 * answer, counts and paths included, and looking it up gives null.
 */
export class CategoryTree {
  private readonly byId = new Map<number, DbCategory>();
  private readonly childrenOf = new Map<number | null, DbCategory[]>();
  private readonly hidden = new Set<number>();

  constructor(rows: readonly DbCategory[], showHidden: boolean) {
    for (const row of rows) this.byId.set(row.id, row);
    // Rows arrive sorted by priority, id: children lists keep that order.
    for (const row of rows) {
      const parent = row.parent_id !== null && this.byId.has(row.parent_id) ? row.parent_id : null;
      const list = this.childrenOf.get(parent) ?? [];
      list.push(row);
      this.childrenOf.set(parent, list);
    }
    for (const row of rows) {
      if (row.status_id !== VISIBLE) for (const id of this.subtreeIds([row.id])) this.hidden.add(id);
    }
    if (showHidden) this.hidden.clear();
  }

  /** The tree for this viewer; built once per change to the categories (every request of every page reads it). */
  static load(db: Db, viewer: Viewer | null): CategoryTree {
    return isPrivileged(viewer) ? wholeTree(db) : publicTree(db);
  }

  get(id: number): DbCategory | null {
    return this.hidden.has(id) ? null : (this.byId.get(id) ?? null);
  }

  /** Visible children, by priority; null is the top level. */
  children(parentId: number | null): DbCategory[] {
    return (this.childrenOf.get(parentId) ?? []).filter((c) => !this.hidden.has(c.id));
  }

  /** The node and its ancestors, top level first (empty for an unknown or hidden id). */
  branch(id: number): DbCategory[] {
    const path: DbCategory[] = [];
    const seen = new Set<number>();
    let node = this.get(id);
    while (node && !seen.has(node.id)) {
      seen.add(node.id);
      path.unshift(node);
      node = node.parent_id === null ? null : this.get(node.parent_id);
    }
    return path;
  }

  /** The given ids and every descendant (hidden ones included: callers filter resources by visibility anyway). */
  subtreeIds(ids: readonly number[]): number[] {
    const out = new Set<number>();
    const stack = [...ids];
    while (stack.length > 0) {
      const id = stack.pop() as number;
      if (out.has(id)) continue;
      out.add(id);
      for (const child of this.childrenOf.get(id) ?? []) stack.push(child.id);
    }
    return [...out];
  }

  /** Ids the viewer may not see (empty for admins): resources filed under them leave public lists. */
  hiddenIds(): number[] {
    return [...this.hidden];
  }

  toCategory(row: DbCategory): Category {
    return {
      id: row.id,
      name: row.name,
      priority: row.priority,
      parentId: row.parent_id,
      childrenCount: this.children(row.id).length,
      statusId: row.status_id,
    };
  }

  /** Only the asked fields, spelled as asked. */
  pick(row: DbCategory, fields: readonly CategoryField[]): CategoryFields {
    const out: CategoryFields = {};
    for (const field of fields) {
      switch (field) {
        case 'id': out.id = row.id; break;
        case 'name': out.name = row.name; break;
        case 'priority': out.priority = row.priority; break;
        case 'parentId': out.parentId = row.parent_id; break;
        case 'content_type_father_id': out.content_type_father_id = row.parent_id; break;
        case 'childrenCount': out.childrenCount = this.children(row.id).length; break;
        case 'status_id': out.status_id = row.status_id; break;
        case 'statusId': out.statusId = row.status_id; break;
      }
    }
    return out;
  }

  /** Depth-first, siblings by priority: the order a tree is drawn in. */
  flat(): Category[] {
    const out: Category[] = [];
    const walk = (parent: number | null, seen: Set<number>) => {
      for (const child of this.children(parent)) {
        if (seen.has(child.id)) continue;
        seen.add(child.id);
        out.push(this.toCategory(child));
        walk(child.id, seen);
      }
    };
    walk(null, new Set());
    return out;
  }

  nested(): CategoryTreeNode[] {
    const seen = new Set<number>();
    const build = (parent: number | null): CategoryTreeNode[] =>
      this.children(parent)
        .filter((c) => !seen.has(c.id) && seen.add(c.id))
        .map((c) => ({ ...this.toCategory(c), children: build(c.id) }));
    return build(null);
  }

  ref(id: number | null): NamedRef | null {
    if (id === null) return null;
    const row = this.get(id);
    return row ? { id: row.id, name: row.name } : null;
  }
}

const wholeTree = memoOnTables(['categories'], (db) => new CategoryTree(frozenCategories(db), true));
const publicTree = memoOnTables(['categories'], (db) => new CategoryTree(frozenCategories(db), false));
