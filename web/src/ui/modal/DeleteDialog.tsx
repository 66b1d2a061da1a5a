import type { DeleteWording } from '../../i18n/es-delete.ts';
import { ConfirmDialog } from './ConfirmDialog.tsx';

export interface DeleteDialogProps {
  /** from deleteWording() in the feature's strings */
  wording: DeleteWording;
  onConfirm: () => void | Promise<void>;
  onCancel: () => void;
}

/** docs/PRODUCT.md#confirm-dialog: every deletion asks through this one, worded by deleteWording(), «Eliminar» in the danger style. */
export function DeleteDialog({ wording, onConfirm, onCancel }: DeleteDialogProps) {
  return <ConfirmDialog {...wording} danger onConfirm={onConfirm} onCancel={onCancel} />;
}
