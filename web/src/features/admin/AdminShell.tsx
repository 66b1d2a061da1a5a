import type { ClientConfig } from '@kit/contract';
import { useEffect, useState } from 'react';
import { NavLink, useNavigate } from 'react-router';
import { getClientConfig } from '../../api/portal.ts';
import { esAdmin } from '../../i18n/es-admin.ts';
import { esSync } from '../../i18n/es-sync.ts';
import { DashboardLayout } from '../../layouts/DashboardLayout.tsx';
import { endSession } from '../../session/session-store.ts';
// the app's form controls (.input, .check), which the admin pages use too
import '../../ui/forms/forms.css';
import './admin.css';

const t = esAdmin.menu;

/** docs/PRODUCT.md#admin-menu admin side menu; pending approval only with moderation on, On/Off Kit only on a kit. */
export function AdminMenu({ config }: { config: Pick<ClientConfig, 'isKit' | 'resourceModeration'> | null }) {
  const link = (to: string, label: string, end = false) => (
    <li>
      <NavLink to={to} end={end} className="admin-menu__link">
        {label}
      </NavLink>
    </li>
  );
  return (
    <ul className="admin-menu" data-testid="admin-menu">
      {link('/admin', t.summary, true)}
      {link('/admin/users', t.users)}
      <li>
        <span className="admin-menu__group">{t.resources}</span>
        <ul>
          {link('/admin/resources/all', t.resourcesAll)}
          {link('/admin/resources/upload', t.resourcesUpload)}
          {config?.resourceModeration && link('/admin/resources/pending-approval', t.resourcesPending)}
          {link('/admin/resources/draft', t.resourcesDraft)}
          {link('/admin/resources/reports', t.resourcesReports)}
          {link('/admin/resources/block', t.resourcesBlocked)}
        </ul>
      </li>
      {link('/admin/category', t.categories)}
      {link('/admin/data', t.data)}
      {link('/admin/sync', esSync.menu)}
      {link('/admin/menu', t.portalMenu)}
      {link('/admin/anuncios', t.ads)}
      {link('/admin/mensajes', t.messages)}
      {config?.isKit && link('/admin/device', t.device)}
      {link('/menu', t.backToMenu)}
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
