import { Link, useSearchParams } from 'react-router';
import { esAccounts } from '../i18n/es-accounts.ts';
import { LoginForm } from '../features/auth/LoginForm.tsx';
import { AccountLinks } from '../features/auth/AccountLinks.tsx';
import { NoAdminAccess } from '../features/auth/NoAdminAccess.tsx';
import { useSession } from '../session/session-store.ts';

/** /login, with ?cb= (return path) or ?route= (sent by the admin guard; a logged-in non-admin is told the account has no admin access). */
export function LoginPage() {
  const [params] = useSearchParams();
  const session = useSession();
  if (params.has('route') && session.loggedIn) return <NoAdminAccess userName={session.userName ?? ''} />;
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
