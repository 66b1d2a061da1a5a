import { AD_CATEGORIES, AD_QUERY_MAX } from '@kit/contract/portal-data';
import { Form, Link, useLoaderData } from 'react-router';
import { AdCard } from '../features/ads/AdCard.tsx';
import { adsQueryString, type AdsData } from '../features/ads/ads-loaders.ts';
import { MyAds } from '../features/ads/MyAds.tsx';
import { fill } from '../ui/fill.ts';
import { Pagination } from '../ui/Pagination.tsx';
import { useSession } from '../session/session-store.ts';
import { esPortal } from '../i18n/es-portal.ts';
import '../ui/portal.css';

const t = esPortal.ads;
const NEW_AD_PATH = '/anuncios/nuevo';

/** /anuncios: the community's ads board (docs/API-portal.md): search, categories, the notices, and the user's own. */
export function AdsPage() {
  const { filters, board, mine } = useLoaderData<AdsData>();
  const { loggedIn } = useSession();
  return (
    <div className="portal-page">
      <div className="portal-page__head">
        <h1>{t.title}</h1>
        <Link className="button" to={loggedIn ? NEW_AD_PATH : `/login?cb=${encodeURIComponent(NEW_AD_PATH)}`}>
          {loggedIn ? t.publish : t.loginToPublish}
        </Link>
      </div>
      <p className="portal-page__intro">{t.intro}</p>

      <Form method="get" role="search" className="ads-search">
        <label className="visually-hidden" htmlFor="ads-q">
          {t.searchLabel}
        </label>
        <input id="ads-q" className="input" type="search" name="q" defaultValue={filters.q} maxLength={AD_QUERY_MAX} placeholder={t.searchPlaceholder} />
        {filters.category && <input type="hidden" name="categoria" value={filters.category} />}
        <button type="submit" className="button">
          {t.search}
        </button>
      </Form>

      <nav className="chip-list" aria-label={t.categoriesLabel}>
        <Link className="chip" to={adsQueryString({ q: filters.q }) || '/anuncios'} aria-current={filters.category === null ? 'page' : undefined}>
          {t.allCategories}
        </Link>
        {AD_CATEGORIES.map((category) => (
          <Link key={category} className="chip" to={adsQueryString({ q: filters.q, category })} aria-current={filters.category === category ? 'page' : undefined}>
            {t.categories[category]}
          </Link>
        ))}
      </nav>

      {board.data.length === 0 ? (
        <p className="portal-page__empty">{filters.q ? fill(t.noResults, { q: filters.q }) : t.empty}</p>
      ) : (
        <ul className="ad-list" aria-label={t.title}>
          {board.data.map((ad) => (
            <li key={ad.id}>
              <AdCard ad={ad} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={board.current_page} lastPage={board.last_page} hrefFor={(page) => `/anuncios${adsQueryString({ ...filters, page })}`} />
      {mine && <MyAds mine={mine} />}
    </div>
  );
}
