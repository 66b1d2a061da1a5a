import { changeCategoryParent, moveCategoryBefore } from './moves-api.ts';
import type { CategoryMove } from './drop-rules.ts';

/** Sends a planned move to the server: the same two calls /admin/category makes. */
export function sendMove(move: CategoryMove): Promise<unknown> {
  return move.kind === 'change-parent' ? changeCategoryParent(move.id, move.parentId) : moveCategoryBefore(move.id, move.refId);
}
