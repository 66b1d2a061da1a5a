import { esAdmin } from '../../i18n/es-admin.ts';
import { Modal } from '../../ui/modal/Modal.tsx';
import { notifySuccess } from '../../ui/notifications/notifications-store.ts';
import './temporary-password.css';

const t = esAdmin.users;

/**
 * The temporary password an admin just made, to read aloud or copy: large,
 * spaced, selectable as a whole, and staying until the admin closes it (a
 * toast would vanish while being read). Copying needs the clipboard, which
 * browsers give only over HTTPS; on plain HTTP the text is still selectable.
 */
export function TemporaryPasswordDialog({ userName, password, onClose }: { userName: string; password: string; onClose: () => void }) {
  const clipboard = typeof navigator !== 'undefined' && window.isSecureContext ? navigator.clipboard : undefined;
  return (
    <Modal title={t.tempPasswordTitle} closeLabel={t.tempPasswordDone} onClose={onClose} className="temporary-password">
      <p>{t.tempPasswordIntro(userName)}</p>
      <p className="temporary-password__value" aria-label={t.tempPasswordLabel} data-testid="temporary-password">
        {password}
      </p>
      <div className="temporary-password__actions">
        {clipboard && (
          <button type="button" className="button button--light" onClick={() => void clipboard.writeText(password).then(() => notifySuccess(t.tempPasswordCopied), () => undefined)}>
            {t.tempPasswordCopy}
          </button>
        )}
        <button type="button" className="button" onClick={onClose}>
          {t.tempPasswordDone}
        </button>
      </div>
    </Modal>
  );
}
