import { useState, type FormEvent } from 'react';
import { esAccounts } from '../../i18n/es-accounts.ts';
import { register } from '../../session/session-actions.ts';
import { useSession } from '../../session/session-store.ts';
import { accountErrorMessage, errorCode } from './error-messages.ts';
import { Field, fieldAria, FormFailure, SubmitButton } from '../../ui/forms/Field.tsx';
import { useForm } from '../../ui/forms/use-form.ts';
import { NAME_MAX, PASSWORD_MAX, validateRegistration, type RegistrationField, type RegistrationValues } from './validation.ts';

const EMPTY: RegistrationValues = { user_name: '', name: '', last_name: '', email: '', password: '', confirm: '' };

export interface RegisterFormProps {
  /** after the account exists and is logged in (the page then loads where the user was going) */
  onRegistered: () => void;
}

/** docs/PRODUCT.md#registration registration: user_name, name, last_name, password (typed twice), email optional. */
export function RegisterForm({ onRegistered }: RegisterFormProps) {
  const form = useForm<RegistrationValues, RegistrationField>(EMPTY, validateRegistration);
  const { status } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const [fieldFailure, setFieldFailure] = useState<{ field: RegistrationField; message: string; value: string } | null>(null);
  const [done, setDone] = useState(false);
  const busy = status.registering || done;

  // A server answer about a field shows until that field changes.
  const errorOf = (field: RegistrationField): string | null =>
    fieldFailure?.field === field && fieldFailure.value === form.values[field] ? fieldFailure.message : form.shown(field);

  const submit = async (event: FormEvent) => {
    if (!form.trySubmit(event, busy)) return;
    setFailure(null);
    setFieldFailure(null);
    const { values } = form;
    try {
      await register({
        user_name: values.user_name.trim(),
        name: values.name.trim(),
        last_name: values.last_name.trim(),
        password: values.password,
        email: values.email.trim() === '' ? null : values.email.trim(),
      });
      setDone(true);
      onRegistered();
    } catch (error) {
      const code = errorCode(error);
      const message = accountErrorMessage(error, esAccounts.register.failed);
      if (code === 'USERNAME_TAKEN') setFieldFailure({ field: 'user_name', message, value: values.user_name });
      else if (code === 'V2_USER_001') setFieldFailure({ field: 'email', message, value: values.email });
      else setFailure(message);
    }
  };

  const input = (field: RegistrationField, label: string, props: Record<string, unknown> = {}, help?: string) => {
    const id = `register-${field}`;
    return (
      <Field id={id} label={label} required={field !== 'email'} error={errorOf(field)} help={help}>
        <input
          {...fieldAria(id, errorOf(field), help)}
          className="input"
          name={field}
          {...form.bind(field)}
          {...props}
        />
      </Field>
    );
  };

  return (
    <form className="account-form" noValidate onSubmit={submit}>
      <FormFailure message={failure} />
      {input('user_name', esAccounts.register.userName, { autoComplete: 'username', autoCapitalize: 'none', autoCorrect: 'off', spellCheck: false, maxLength: 30 }, esAccounts.register.userNameHelp)}
      {input('name', esAccounts.register.name, { autoComplete: 'given-name', maxLength: NAME_MAX })}
      {input('last_name', esAccounts.register.lastName, { autoComplete: 'family-name', maxLength: NAME_MAX })}
      {input('email', esAccounts.register.email, { type: 'email', autoComplete: 'email', autoCapitalize: 'none', maxLength: 254 })}
      {input('password', esAccounts.register.password, { type: 'password', autoComplete: 'new-password', maxLength: PASSWORD_MAX })}
      {input('confirm', esAccounts.register.repeatPassword, { type: 'password', autoComplete: 'new-password', maxLength: PASSWORD_MAX })}
      <div className="account-form__actions">
        <SubmitButton busy={busy} label={esAccounts.register.submit} busyLabel={esAccounts.register.submitting} />
      </div>
    </form>
  );
}
