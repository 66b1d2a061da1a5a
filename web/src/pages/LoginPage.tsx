import { Link, useSearchParams } from 'react-router';
import { esAccounts } from '../i18n/es-accounts.ts';
import { LoginForm } from '../features/auth/LoginForm.tsx';
import { AccountLinks } from '../features/auth/AccountLinks.tsx';

/** /login, with ?cb= (return path) or ?route= (sent by the admin guard). */
export function LoginPage() {
  const [params] = useSearchParams();
  return (
    <section className="surface account-card">
      <h1>{esAccounts.login.title}</h1>
      {params.has('route') && (
        <p className="account-form__notice">
          {esAccounts.login.adminRequired} <Link to="/admin/login">{esAccounts.login.adminLoginLink}</Link>
        </p>
      )}
      <LoginForm mode="password" />
      <AccountLinks cb={params.get('cb')} show={['register', 'temporary']} />
    </section>
  );
}
