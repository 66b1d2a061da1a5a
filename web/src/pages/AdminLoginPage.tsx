import { esAccounts } from '../i18n/es-accounts.ts';
import { LoginForm } from '../features/auth/LoginForm.tsx';

/** /admin/login: admin-mode login; a non-admin account is refused, an admin goes to /admin. */
export function AdminLoginPage() {
  return (
    <section className="surface account-card">
      <h1>{esAccounts.login.adminTitle}</h1>
      <LoginForm mode="admin" />
    </section>
  );
}
