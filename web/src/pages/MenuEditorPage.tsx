import { Link, useLoaderData, useRevalidator } from 'react-router';
import { BannerManager } from '../features/menu-admin/BannerManager.tsx';
import type { MenuEditorData } from '../features/menu-admin/menu-editor-loader.ts';
import { MenuEditor } from '../features/menu-admin/MenuEditor.tsx';
import { esPortal } from '../i18n/es-portal.ts';
import '../ui/portal.css';

/** /admin/menu: what the portal menu shows, per services mode, and its banners (admins). */
export function MenuEditorPage() {
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
