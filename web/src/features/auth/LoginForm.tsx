import type { LoginResponse } from '@kit/contract';
import { useState, type FormEvent } from 'react';
import { accountErrorMessage } from '../users/error-messages.ts';
import { Field, fieldAria, FormFailure, SubmitButton } from '../../ui/forms/Field.tsx';
import { type FieldErrors, useForm } from '../../ui/forms/use-form.ts';
import { es } from '../../i18n/es.ts';
import { esAccounts } from '../../i18n/es-accounts.ts';
import { ADMIN_HOME_PATH } from '../../session/guards.ts';
import { logIn, type LoginMode } from '../../session/session-actions.ts';
import { useSession } from '../../session/session-store.ts';

interface Credentials {
  user_name: string;
  password: string;
}

function validateCredentials(values: Credentials): FieldErrors<keyof Credentials> {
  const errors: FieldErrors<keyof Credentials> = {};
  if (values.user_name.trim() === '') errors.user_name = esAccounts.login.userNameRequired;
  if (values.password === '') errors.password = esAccounts.login.passwordRequired;
  return errors;
}

/**
 * docs/PRODUCT.md#route-guards: after an admin-mode login the user goes to /admin; after an
 * ordinary (or temporary) login the page reloads, and the guard then sends
 * the now logged-in user to cb or /.
 */
export function afterLogin(mode: LoginMode, _answer: LoginResponse): void {
  if (mode === 'admin') window.location.assign(ADMIN_HOME_PATH);
  else window.location.reload();
}

export interface LoginFormProps {
  mode: LoginMode;
  /** replaces the page load after success (tests) */
  onLoggedIn?: (mode: LoginMode, answer: LoginResponse) => void;
}

/** User name and password (or the temporary password), and the call for the mode. */
export function LoginForm({ mode, onLoggedIn = afterLogin }: LoginFormProps) {
  const form = useForm<Credentials, keyof Credentials>({ user_name: '', password: '' }, validateCredentials);
  const { status } = useSession();
  const [failure, setFailure] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const busy = status.loggingIn || done;

  const submit = async (event: FormEvent) => {
    if (!form.trySubmit(event, busy)) return;
    setFailure(null);
    try {
      const answer = await logIn({ user_name: form.values.user_name.trim(), password: form.values.password }, mode);
      setDone(true);
      onLoggedIn(mode, answer);
    } catch (error) {
      setFailure(accountErrorMessage(error, es.errors.generic));
    }
  };

  const passwordLabel = mode === 'temporary' ? esAccounts.login.temporaryPassword : esAccounts.login.password;
  return (
    <form className="account-form" noValidate onSubmit={submit}>
      <FormFailure message={failure} />
      <Field id={`${mode}-user-name`} label={esAccounts.login.userName} error={form.shown('user_name')}>
        <input
          {...fieldAria(`${mode}-user-name`, form.shown('user_name'))}
          className="input"
          name="user_name"
          autoComplete="username"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          maxLength={60}
          {...form.bind('user_name')}
        />
      </Field>
      <Field id={`${mode}-password`} label={passwordLabel} error={form.shown('password')}>
        <input
          {...fieldAria(`${mode}-password`, form.shown('password'))}
          className="input"
          name="password"
          type="password"
          autoComplete={mode === 'temporary' ? 'one-time-code' : 'current-password'}
          maxLength={128}
          {...form.bind('password')}
        />
      </Field>
      <div className="account-form__actions">
        <SubmitButton busy={busy} label={esAccounts.login.submit} busyLabel={esAccounts.login.submitting} />
      </div>
    </form>
  );
}
