import { useState, type ReactNode } from 'react';
import { esPortal } from '../../i18n/es-portal.ts';
import { Modal } from './Modal.tsx';
import './confirm-dialog.css';

export interface ConfirmDialogProps {
  /** what is about to happen, as a question */
  title: string;
  /** what happens, in a sentence */
  message: string;
  confirmLabel: string;
  /** the confirm button while it runs («Aplicando…») */
  workingLabel: string;
  /** the confirm button in the danger style: it destroys or shuts out (DeleteDialog) */
  danger?: boolean;
  /** more of the question, between the message and the buttons (e.g. a reason field) */
  children?: ReactNode;
  /** keeps the confirm button off (e.g. until a required reason is written) */
  confirmDisabled?: boolean;
  /** runs the deletion; the dialog stays open, its buttons off, until it settles */
  onConfirm: () => void | Promise<void>;
  onCancel: () => void;
}

/**
 * A question to confirm before something happens (deleting goes through DeleteDialog). Cancel comes first
 * and takes the focus, so a stray Enter never deletes; Escape, the × and a
 * click outside cancel too. While the deletion runs nothing can be pressed
 * twice; a failure leaves the dialog open (the caller says why).
 */
export function ConfirmDialog({ title, message, confirmLabel, workingLabel, danger = false, children, confirmDisabled = false, onConfirm, onCancel }: ConfirmDialogProps) {
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
        <button type="button" className={danger ? 'button button--danger' : 'button'} onClick={() => void confirm()} disabled={busy || confirmDisabled} aria-busy={busy}>
          {busy ? workingLabel : confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
