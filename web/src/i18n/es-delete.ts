/**
 * docs/PRODUCT.md#confirm-dialog: the one wording of every delete confirmation, whatever
 * goes. A module of its own so each feature's strings can build theirs without
 * downloading another feature's.
 */
export const esDelete = {
  confirm: 'Eliminar',
  working: 'Eliminando…',
  cannotUndo: 'Esta acción no se puede deshacer.',
} as const;

/** What a delete dialog says: its title, what goes, and its confirm button while idle and while it runs. */
export interface DeleteWording {
  title: string;
  message: string;
  confirmLabel: string;
  workingLabel: string;
}

/**
 * «¿Eliminar {what}?», then what goes and that it cannot be undone.
 * what: the thing with its article («el comentario», «la lista «Salud»»); goes: a sentence on what goes with it.
 */
export function deleteWording(what: string, goes: string): DeleteWording {
  return { title: `¿Eliminar ${what}?`, message: `${goes} ${esDelete.cannotUndo}`, confirmLabel: esDelete.confirm, workingLabel: esDelete.working };
}
