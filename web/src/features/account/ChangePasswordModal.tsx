import { useState, type FormEvent } from 'react';
import { esAccounts } from '../../i18n/es-accounts.ts';
import { Modal } from '../modal/Modal.tsx';
import { notifyError, notifySuccess } from '../notifications/notifications-store.ts';
import { changeOwnPassword } from '../session/session-actions.ts';
import { Field, fieldAria } from './Field.tsx';
import { useForm } from './use-form.ts';
import { canSavePassword, PASSWORD_MAX, validatePasswordChange } from './validation.ts';

/** SPEC §7 static files: the password-change image. */
export const PASSWORD_CHANGE_IMAGE = '/images/password-change.svg';

export interface ChangePasswordModalProps {
  /** after a temporary login: no close button, no 'Cancelar', no Escape or click outside */
  forced: boolean;
  /** closes the modal without saving (ignored when forced) */
  onClose?: () => void;
  /** SPEC §4 saved-password event; the modal is done */
  onSaved: () => void;
}

/**
 * SPEC §2/§4/§5/§8 "Cambio de contraseña": new password and its repetition,
 * 'Guardar' (disabled until touched and both filled), optional 'Cancelar'.
 */
export function ChangePasswordModal({ forced, onClose, onSaved }: ChangePasswordModalProps) {
  const form = useForm({ password: '', confirm: '' }, validatePasswordChange);
  const [saving, setSaving] = useState(false);
  const closable = !forced && onClose !== undefined;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    form.attemptSubmit();
    if (!form.valid || saving) return;
    setSaving(true);
    try {
      await changeOwnPassword(form.values.password);
      notifySuccess(esAccounts.password.saved);
      onSaved();
    } catch {
      notifyError(esAccounts.password.failed);
      setSaving(false);
    }
  };

  return (
    <Modal title={esAccounts.password.title} closeLabel={esAccounts.password.close} onClose={closable ? onClose : undefined} className="password-modal">
      <form className="account-form" noValidate onSubmit={submit}>
        <img className="password-modal__image" src={PASSWORD_CHANGE_IMAGE} alt="" width={160} height={96} />
        <p className="account-form__intro">{forced ? esAccounts.password.forcedIntro : esAccounts.password.intro}</p>
        <Field id="new-password" label={esAccounts.password.newPassword} required error={form.shown('password')}>
          <input
            {...fieldAria('new-password', form.shown('password'))}
            className="input"
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            value={form.values.password}
            onChange={(event) => form.update({ password: event.target.value })}
            onBlur={() => form.touch('password')}
          />
        </Field>
        <Field id="repeat-password" label={esAccounts.password.repeatPassword} required error={form.shown('confirm')}>
          <input
            {...fieldAria('repeat-password', form.shown('confirm'))}
            className="input"
            type="password"
            autoComplete="new-password"
            maxLength={PASSWORD_MAX}
            value={form.values.confirm}
            onChange={(event) => form.update({ confirm: event.target.value })}
            onBlur={() => form.touch('confirm')}
          />
        </Field>
        <div className="account-form__actions">
          {closable && (
            <button type="button" className="button button--ghost" onClick={onClose}>
              {esAccounts.password.cancel}
            </button>
          )}
          <button type="submit" className="button" disabled={!canSavePassword(form.dirty, form.values) || saving}>
            {saving ? esAccounts.password.saving : esAccounts.password.save}
          </button>
        </div>
      </form>
    </Modal>
  );
}
