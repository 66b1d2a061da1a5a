import type { ClientConfig } from '@kit/contract';
import { useEffect, useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { getClientConfig } from '../../api/portal.ts';
import { esAdmin } from '../../i18n/es-admin.ts';
import { DashboardLayout } from '../../layouts/DashboardLayout.tsx';
import { endSession } from '../../session/session-store.ts';
import type { AdminPath } from '../../ui/admin-pages.ts';
import { ADMIN_PATHS, isListed, isResourceList } from './admin-pages.ts';
// the app's form controls (.input, .check), which the admin pages use too
import '../../ui/forms/forms.css';
import './admin.css';

const t = esAdmin.menu;

type MenuConfig = Pick<ClientConfig, 'isKit' | 'resourceModeration'> | null;

function MenuLink({ to, label, end = false }: { to: string; label: string; end?: boolean }) {
  return (
    <li>
      <NavLink to={to} end={end} className="admin-menu__link">
        {label}
      </NavLink>
    </li>
  );
}

const linkTo = (path: AdminPath) => <MenuLink key={path} to={path ? `/admin/${path}` : '/admin'} label={t[path]} end={!path} />;

/** docs/PRODUCT.md#admin-menu admin side menu, in the order of its lines; pending approval only with moderation on, On/Off Kit only on a kit. */
export function AdminMenu({ config }: { config: MenuConfig }) {
  const paths = ADMIN_PATHS.filter((path) => isListed(path, config));
  const resources = paths.filter(isResourceList);
  // the resource lists stand together, under «Recursos», where the first of them would
  const lines = paths.filter((path) => !isResourceList(path) || path === resources[0]);
  return (
    <ul className="admin-menu" data-testid="admin-menu">
      {lines.map((path) =>
        isResourceList(path) ? (
          <li key="resources">
            <span className="admin-menu__group">{t.resources}</span>
            <ul>{resources.map(linkTo)}</ul>
          </li>
        ) : (
          linkTo(path)
        ),
      )}
      <MenuLink to="/menu" label={t.backToMenu} />
    </ul>
  );
}

/** The dashboard layout with the admin menu and a logout that returns to /menu. */
export function AdminShell() {
  const [config, setConfig] = useState<ClientConfig | null>(null);
  const navigate = useNavigate();
  useEffect(() => {
    const ctrl = new AbortController();
    getClientConfig(ctrl.signal).then(setConfig, () => undefined);
    return () => ctrl.abort();
  }, []);
  return (
    <DashboardLayout
      menu={<AdminMenu config={config} />}
      actions={
        <button
          type="button"
          className="button"
          onClick={() => {
            void endSession().finally(() => navigate('/menu'));
          }}
        >
          {t.logout}
        </button>
      }
    />
  );
}
