import { useState, type ReactNode } from 'react';
import { esPortal } from '../../i18n/es-portal.ts';
import { Modal } from './Modal.tsx';
import './confirm-dialog.css';

export interface ConfirmDialogProps {
  /** what is about to go, as a question; '¿Eliminar?' by default */
  title?: string;
  /** what happens, in a sentence; 'Esta acción no se puede deshacer.' by default */
  message?: string;
  confirmLabel?: string;
  /** the confirm button while it runs; 'Eliminando…' by default */
  workingLabel?: string;
  /** more of the question, between the message and the buttons (e.g. a reason field) */
  children?: ReactNode;
  /** keeps the confirm button off (e.g. until a required reason is written) */
  confirmDisabled?: boolean;
  /** runs the deletion; the dialog stays open, its buttons off, until it settles */
  onConfirm: () => void | Promise<void>;
  onCancel: () => void;
}

/**
 * docs/PRODUCT.md#confirm-dialog delete-confirmation dialog, for every feature. Cancel comes first
 * and takes the focus, so a stray Enter never deletes; Escape, the × and a
 * click outside cancel too. While the deletion runs nothing can be pressed
 * twice; a failure leaves the dialog open (the caller says why).
 */
export function ConfirmDialog({ title = esPortal.confirm.title, message = esPortal.confirm.body, confirmLabel = esPortal.confirm.confirm, workingLabel = esPortal.confirm.working, children, confirmDisabled = false, onConfirm, onCancel }: ConfirmDialogProps) {
  const [busy, setBusy] = useState(false);
  const confirm = async () => {
    setBusy(true);
    try {
      await onConfirm();
    } finally {
      setBusy(false);
    }
  };
  return (
    <Modal title={title} closeLabel={esPortal.confirm.cancel} onClose={busy ? undefined : onCancel} className="confirm-dialog">
      <p className="confirm-dialog__message">{message}</p>
      {children}
      <div className="confirm-dialog__actions">
        <button type="button" className="button button--light" onClick={onCancel} disabled={busy}>
          {esPortal.confirm.cancel}
        </button>
        <button type="button" className="button confirm-dialog__confirm" onClick={() => void confirm()} disabled={busy || confirmDisabled} aria-busy={busy}>
          {busy ? workingLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
