import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { esAccounts } from '../../i18n/es-accounts.ts';
import { fill } from '../../ui/fill.ts';
import { ADMIN_LOGIN_PATH } from '../../session/guards.ts';
import { endSession } from '../../session/session-store.ts';
import '../../ui/forms/forms.css';

/**
 * /login?route=… for a logged-in account that is not an admin (docs/ROUTES.md): a login form or
 * «Crear una cuenta» would say nothing useful, so the page says this account has no admin access
 * and offers to log in as another (the session ends first: /admin/login is for visitors without one).
 */
export function NoAdminAccess({ userName }: { userName: string }) {
  const navigate = useNavigate();
  const [leaving, setLeaving] = useState(false);
  const t = esAccounts.noAdminAccess;
  const switchAccount = async () => {
    setLeaving(true);
    await endSession();
    await navigate(ADMIN_LOGIN_PATH, { replace: true });
  };
  return (
    <section className="surface account-card">
      <h1>{t.title}</h1>
      <p className="account-form__notice">{fill(t.explanation, { user: userName })}</p>
      <div className="account-form__actions">
        <Link className="button button--light" to="/menu">
          {t.back}
        </Link>
        <button type="button" className="button" onClick={() => void switchAccount()} disabled={leaving}>
          {t.switchAccount}
        </button>
      </div>
    </section>
  );
}
