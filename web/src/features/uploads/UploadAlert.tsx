import { esUpload } from '../../i18n/es-upload.ts';
import { Modal } from '../../ui/modal/Modal.tsx';
import './upload.css';

const t = esUpload.alert;

export interface UploadAlertProps {
  onAccept: () => void;
  onCancel: () => void;
}

/** docs/PRODUCT.md#uploads /upload/ModalAlert: only public-domain or rights-free files, said before the form. */
export function UploadAlert({ onAccept, onCancel }: UploadAlertProps) {
  return (
    <Modal title={t.title} closeLabel={t.cancel} onClose={onCancel} className="upload-alert">
      {t.body.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
      <div className="account-form__actions">
        <button type="button" className="button button--light" onClick={onCancel}>
          {t.cancel}
        </button>
        <button type="button" className="button" onClick={onAccept}>
          {t.accept}
        </button>
      </div>
    </Modal>
  );
}
