import { Link, useLoaderData } from 'react-router';
import { AdCard } from '../features/ads/AdCard.tsx';
import { MODERATION_TABS, type ModerationData, type ModerationTab } from '../features/ads/ads-loaders.ts';
import { ModerationActions } from '../features/ads/ModerationActions.tsx';
import { Pagination } from '../ui/Pagination.tsx';
import { esPortal } from '../i18n/es-portal.ts';
import '../ui/portal.css';

const t = esPortal.ads;
const tabLabel = (tab: ModerationTab): string => (tab === 'expired' ? t.moderation.expired : t.status[tab]);

/** /admin/anuncios: the ads board's moderation (admins): pending first, then every other state. */
export function AdsModerationPage() {
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
