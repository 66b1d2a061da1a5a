import { Link } from 'react-router';
import { esAccounts } from '../../i18n/es-accounts.ts';
import { safeReturnPath } from '../../session/guards.ts';
import '../../ui/forms/forms.css';

export interface AccountLinksProps {
  /** the return path the next page keeps */
  cb: string | null;
  show: readonly ('login' | 'register' | 'temporary')[];
}

/** The links between the login, temporary-login and registration pages, carrying ?cb= along. */
export function AccountLinks({ cb, show }: AccountLinksProps) {
  const safe = safeReturnPath(cb);
  const keep = safe ? `?cb=${encodeURIComponent(safe)}` : '';
  return (
    <nav className="account-form__links">
      {show.includes('register') && (
        <p>
          {esAccounts.login.noAccount} <Link to={`/register${keep}`}>{esAccounts.login.register}</Link>
        </p>
      )}
      {show.includes('temporary') && (
        <p>
          {esAccounts.login.forgot} <Link to={`/login/temporary${keep}`}>{esAccounts.login.useTemporary}</Link>
        </p>
      )}
      {show.includes('login') && (
        <p>
          {esAccounts.register.haveAccount} <Link to={`/login${keep}`}>{esAccounts.login.backToLogin}</Link>
        </p>
      )}
    </nav>
  );
}
