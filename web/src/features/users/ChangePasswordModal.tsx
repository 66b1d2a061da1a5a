import { useState, type FormEvent, type InputHTMLAttributes } from 'react';
import { esAccounts } from '../../i18n/es-accounts.ts';
import { Modal } from '../../ui/modal/Modal.tsx';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { changeOwnPassword } from '../../session/session-actions.ts';
import { accountErrorMessage, errorCode } from './error-messages.ts';
import { Field, fieldAria, SubmitButton } from '../../ui/forms/Field.tsx';
import { useForm } from '../../ui/forms/use-form.ts';
import { canSavePassword, PASSWORD_MAX, validatePasswordChange, validatePasswordChangeWithCurrent } from './validation.ts';

/** The kit's answers that mean "prove it is you": the modal then asks for the current password. */
const PROOF_CODES = new Set(['CURRENT_PASSWORD_REQUIRED', 'CURRENT_PASSWORD_WRONG']);

/** docs/PRODUCT.md#password-rules static files: the password-change image. */
export const PASSWORD_CHANGE_IMAGE = '/images/password-change.svg';

export interface ChangePasswordModalProps {
  /** after a temporary login: no close button, no 'Cancelar', no Escape or click outside */
  forced: boolean;
  /** closes the modal without saving (ignored when forced) */
  onClose?: () => void;
  /** docs/PRODUCT.md#password-rules saved-password event; the modal is done */
  onSaved: () => void;
}

/** The new password and its repetition: the same field twice, bound to the form by the caller. */
function NewPasswordField({ id, label, error, ...bound }: { id: string; label: string; error: string | null } & Pick<InputHTMLAttributes<HTMLInputElement>, 'value' | 'onChange' | 'onBlur'>) {
  return (
    <Field id={id} label={label} required error={error}>
      <input {...fieldAria(id, error)} className="input" type="password" autoComplete="new-password" maxLength={PASSWORD_MAX} {...bound} />
    </Field>
  );
}

/**
 * docs/PRODUCT.md#password-rules "Cambio de contraseña": new password and its repetition,
 * 'Guardar' (disabled until touched and both filled), optional 'Cancelar'.
 * When the kit wants proof that the owner is here (the login was long ago:
 * docs/API-accounts.md), it also asks for the current password.
 */
export function ChangePasswordModal({ forced, onClose, onSaved }: ChangePasswordModalProps) {
  const [askCurrent, setAskCurrent] = useState(false);
  /** the kit's verdict on the current password, until it is edited */
  const [currentRefused, setCurrentRefused] = useState<string | null>(null);
  const form = useForm({ password: '', confirm: '', current: '' }, askCurrent ? validatePasswordChangeWithCurrent : validatePasswordChange);
  const [saving, setSaving] = useState(false);
  const closable = !forced && onClose !== undefined;

  const submit = async (event: FormEvent) => {
    if (!form.trySubmit(event, saving)) return;
    setSaving(true);
    try {
      await changeOwnPassword(form.values.password, askCurrent ? form.values.current : undefined);
      notifySuccess(esAccounts.password.saved);
      onSaved();
    } catch (error) {
      const code = errorCode(error);
      if (code !== null && PROOF_CODES.has(code)) {
        setAskCurrent(true);
        setCurrentRefused(accountErrorMessage(error, esAccounts.password.failed));
      } else {
        notifyError(code === 'RATE_LIMITED' ? accountErrorMessage(error, esAccounts.password.failed) : esAccounts.password.failed);
      }
      setSaving(false);
    }
  };

  return (
    <Modal title={esAccounts.password.title} closeLabel={esAccounts.password.close} onClose={closable ? onClose : undefined} className="password-modal">
      <form className="account-form" noValidate onSubmit={submit}>
        <img className="password-modal__image" src={PASSWORD_CHANGE_IMAGE} alt="" width={160} height={96} />
        <p className="account-form__intro">{forced ? esAccounts.password.forcedIntro : esAccounts.password.intro}</p>
        {askCurrent && (
          <Field id="current-password" label={esAccounts.password.currentPassword} required error={currentRefused ?? form.shown('current')}>
            <input
              {...fieldAria('current-password', currentRefused ?? form.shown('current'))}
              className="input"
              type="password"
              autoComplete="current-password"
              maxLength={PASSWORD_MAX}
              value={form.values.current}
              onChange={(event) => {
                setCurrentRefused(null);
                form.update({ current: event.target.value });
              }}
              onBlur={() => form.touch('current')}
            />
          </Field>
        )}
        <NewPasswordField id="new-password" label={esAccounts.password.newPassword} error={form.shown('password')} {...form.bind('password')} />
        <NewPasswordField id="repeat-password" label={esAccounts.password.repeatPassword} error={form.shown('confirm')} {...form.bind('confirm')} />
        <div className="account-form__actions">
          {closable && (
            <button type="button" className="button button--light" onClick={onClose}>
              {esAccounts.password.cancel}
            </button>
          )}
          <SubmitButton busy={saving} disabled={!canSavePassword(form.dirty, form.values, askCurrent)} label={esAccounts.password.save} busyLabel={esAccounts.password.saving} />
        </div>
      </form>
    </Modal>
  );
}
