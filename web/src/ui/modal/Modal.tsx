import { useEffect, useId, useRef, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { keepTabInside } from './focus-trap.ts';
import './modal.css';

export interface ModalProps {
  title: string;
  children: ReactNode;
  /** closes the modal (close button, Escape, click outside); without it the modal cannot be closed */
  onClose?: () => void;
  /** label of the × button */
  closeLabel: string;
  /** extra class on the dialog box */
  className?: string;
}

/**
 * A modal dialog over the page: focus moves into it, stays there (Tab
 * cycles) and comes back after; the page behind does not scroll. Without `onClose` it is forced: no close
 * button, Escape and a click outside do nothing.
 */
export function Modal({ title, children, onClose, closeLabel, className }: ModalProps) {
  const titleId = useId();
  const dialog = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const box = dialog.current;
    const first = box?.querySelector<HTMLElement>('input, select, textarea, button:not([data-modal-close])');
    (first ?? box)?.focus();
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    return () => {
      document.body.style.overflow = overflow;
      previous?.focus();
    };
  }, []);

  // Tab stays inside the dialog: the page behind cannot be reached from the keyboard either.
  useEffect(() => {
    const onTab = (event: KeyboardEvent) => {
      if (dialog.current) keepTabInside(event, dialog.current);
    };
    document.addEventListener('keydown', onTab);
    return () => document.removeEventListener('keydown', onTab);
  }, []);

  useEffect(() => {
    if (!onClose) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [onClose]);

  return createPortal(
    <div
      className="modal-backdrop"
      data-testid="modal-backdrop"
      onClick={(event) => {
        if (onClose && event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={dialog}
        className={className ? `modal ${className}` : 'modal'}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        tabIndex={-1}
      >
        <header className="modal__header">
          <h2 id={titleId} className="modal__title">
            {title}
          </h2>
          {onClose && (
            <button type="button" className="modal__close" aria-label={closeLabel} data-modal-close onClick={onClose}>
              ×
            </button>
          )}
        </header>
        <div className="modal__body">{children}</div>
      </div>
    </div>,
    document.body,
  );
}
