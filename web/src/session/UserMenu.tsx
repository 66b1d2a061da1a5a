import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation, useNavigate } from 'react-router';
import { esAccounts } from '../i18n/es-accounts.ts';
import { LOGOUT_PATH, safeReturnPath } from './guards.ts';
import { useSession } from './session-store.ts';
import './user-menu.css';

export interface UserMenuProps {
  /** extra class on the menu's root (e.g. to place it in a header) */
  className?: string;
}

/**
 * docs/PRODUCT.md#library-header library header user control: for a logged-in user a dropdown with
 * 'Perfil' (/user/{id}) and 'Cerrar sesión'; otherwise 'Iniciar sesión',
 * linking to /login?cb={current path}. Reads the session itself.
 */
export function UserMenu({ className }: UserMenuProps) {
  const session = useSession();
  const location = useLocation();
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const menuId = useId();
  const rootClass = className ? `user-menu ${className}` : 'user-menu';
  const here = `${location.pathname}${location.search}`;

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  if (!session.loggedIn || session.userId === null) {
    const cb = safeReturnPath(here);
    return (
      <div className={rootClass}>
        <Link className="user-menu__login" to={cb ? `/login?cb=${encodeURIComponent(cb)}` : '/login'}>
          {esAccounts.userMenu.login}
        </Link>
      </div>
    );
  }

  const name = session.userName ?? '';
  return (
    <div className={rootClass} ref={root}>
      <button
        type="button"
        className="user-menu__button"
        aria-haspopup="true"
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`${esAccounts.userMenu.label}: ${name}`}
        onClick={() => setOpen((value) => !value)}
      >
        {session.pictureUrl ? (
          <img className="user-menu__initial" src={session.pictureUrl} alt="" width={32} height={32} />
        ) : (
          // drawn by the stylesheet: the button's text is then only the name, which its accessible name contains
          <span className="user-menu__initial" data-initial={name.slice(0, 1).toUpperCase()} aria-hidden="true" />
        )}
        <span className="user-menu__name">{name}</span>
      </button>
      {open && (
        <ul id={menuId} className="user-menu__list">
          <li>
            <Link className="user-menu__item" to={`/user/${session.userId}`} onClick={() => setOpen(false)}>
              {esAccounts.userMenu.profile}
            </Link>
          </li>
          <li>
            <button
              type="button"
              className="user-menu__item"
              onClick={() => {
                setOpen(false);
                void navigate(LOGOUT_PATH);
              }}
            >
              {esAccounts.userMenu.logout}
            </button>
          </li>
        </ul>
      )}
    </div>
  );
}
