import { useSearchParams } from 'react-router';
import { esAccounts } from '../i18n/es-accounts.ts';
import { AccountLinks } from '../features/auth/AccountLinks.tsx';
import { LoginForm } from '../features/auth/LoginForm.tsx';

/** /login/temporary: the one-time password an admin gave; the password change follows. */
export function TemporaryLoginPage() {
  const [params] = useSearchParams();
  return (
    <section className="surface account-card">
      <h1>{esAccounts.login.temporaryTitle}</h1>
      <p className="account-form__intro">{esAccounts.login.temporaryHelp}</p>
      <LoginForm mode="temporary" />
      <AccountLinks cb={params.get('cb')} show={['login']} />
    </section>
  );
}
