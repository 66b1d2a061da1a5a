import { useSearchParams } from 'react-router';
import { esAccounts } from '../i18n/es-accounts.ts';
import { RegisterForm } from '../features/users/RegisterForm.tsx';
import { AccountLinks } from '../features/auth/AccountLinks.tsx';
import { safeReturnPath } from '../session/guards.ts';

/** /register: a new account, logged in at once; then the page loads where the user was going (?cb=). */
export function RegisterPage() {
  const [params] = useSearchParams();
  const cb = params.get('cb');
  return (
    <section className="surface account-card">
      <h1>{esAccounts.register.title}</h1>
      <RegisterForm onRegistered={() => window.location.assign(safeReturnPath(cb) ?? '/')} />
      <AccountLinks cb={cb} show={['login']} />
    </section>
  );
}
