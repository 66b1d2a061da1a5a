import { Link, useLoaderData, useRevalidator } from 'react-router';
import { BannerManager } from './BannerManager.tsx';
import type { MenuEditorData } from './menu-editor-loader.ts';
import { MenuEditor } from './MenuEditor.tsx';
import { esPortal } from '../../i18n/es-portal.ts';
import '../../ui/portal.css';
import type { AdminPages } from '../../ui/admin-pages.ts';
import { menuEditorLoader } from './menu-editor-loader.ts';

/** /admin/menu: what the portal menu shows, per services mode, and its banners (admins). */
export function AdminMenuPage() {
  const data = useLoaderData<MenuEditorData>();
  const revalidator = useRevalidator();
  return (
    <div className="portal-page">
      <div className="portal-page__head">
        <h1>{esPortal.menuEditor.title}</h1>
        <Link className="button button--light" to="/menu">
          {esPortal.menuEditor.openMenu}
        </Link>
      </div>
      <p className="portal-page__intro">{esPortal.menuEditor.intro}</p>
      <MenuEditor data={data} />
      <BannerManager banners={data.banners} onChanged={() => revalidator.revalidate()} />
      <nav className="portal-page__links">
        <Link to="/admin/anuncios">{esPortal.admin.adsLink}</Link>
        <Link to="/admin/mensajes">{esPortal.admin.messagesLink}</Link>
      </nav>
    </div>
  );
}

export const adminPages: AdminPages = { menu: { Component: AdminMenuPage, loader: menuEditorLoader } };
