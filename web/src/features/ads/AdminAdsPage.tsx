import { Link, useLoaderData } from 'react-router';
import { AdCard } from './AdCard.tsx';
import { MODERATION_TABS, type ModerationData, type ModerationTab } from './ads-loaders.ts';
import { ModerationActions } from './ModerationActions.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { esPortal } from '../../i18n/es-portal.ts';
import '../../ui/portal.css';
import type { AdminPages } from '../../ui/admin-pages.ts';
import { adsModerationLoader } from './ads-loaders.ts';

const t = esPortal.ads;
const tabLabel = (tab: ModerationTab): string => (tab === 'expired' ? t.moderation.expired : t.status[tab]);

/** /admin/anuncios: the ads board's moderation (admins): pending first, then every other state. */
export function AdminAdsPage() {
  const { tab, page } = useLoaderData<ModerationData>();
  return (
    <div className="portal-page">
      <h1>{t.moderation.title}</h1>
      <nav className="chip-list" aria-label={t.moderation.tabs}>
        {MODERATION_TABS.map((item) => (
          <Link key={item} className="chip" to={`/admin/anuncios?estado=${item}`} aria-current={item === tab ? 'page' : undefined}>
            {tabLabel(item)}
          </Link>
        ))}
      </nav>
      {page.data.length === 0 ? (
        <p className="portal-page__empty">{t.moderation.empty}</p>
      ) : (
        <ul className="ad-list">
          {page.data.map((ad) => (
            <li key={ad.id}>
              <AdCard ad={ad} showStatus actions={tab === 'expired' ? undefined : <ModerationActions ad={ad} />} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={page.current_page} lastPage={page.last_page} hrefFor={(n) => `/admin/anuncios?estado=${tab}&page=${n}`} />
    </div>
  );
}

export const adminPages: AdminPages = { anuncios: { Component: AdminAdsPage, loader: adsModerationLoader } };
