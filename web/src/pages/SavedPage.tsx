import { useLiveQuery } from 'dexie-react-hooks';
import { Link } from 'react-router';
import { fill } from '../ui/fill.ts';
import { formatFileSize } from '../ui/format.ts';
import { TypeBadge } from '../features/library/TypeBadge.tsx';
import { esOfflinePages } from '../i18n/es-offline-pages.ts';
import { deleteSaved, listSaved } from '../offline/saved-media.ts';
import { deleteArticle, listSavedArticles } from '../offline/saved-articles.ts';
import { readerUrl } from '../features/libraries/reader-paths.ts';
import { RESOURCE_TYPES } from '@kit/contract/values';
import '../offline/offline.css';

/** "Mis descargas" (/extra/saved): what this phone saved for offline viewing (media, and articles of libraries), with sizes and a way to remove each. */
export function SavedPage() {
  const t = esOfflinePages.saved;
  const items = useLiveQuery(listSaved, []);
  const articles = useLiveQuery(listSavedArticles, []);
  if (items === undefined || articles === undefined) return null;
  const total = [...items, ...articles].reduce((sum, item) => sum + item.bytes, 0);
  return (
    <section className="resource-list">
      <h1 className="page-title">{t.title}</h1>
      {items.length + articles.length === 0 ? (
        <p className="library-empty">{t.empty}</p>
      ) : (
        <>
          <p>{fill(t.total, { size: formatFileSize(total) })}</p>
          <ul className="saved-list">
            {items.map((item) => (
              <li key={item.resourceId} className="saved-list__item" data-testid="saved-item">
                <div>
                  <TypeBadge type={item.type} compact />
                  <Link to={`/resource/${item.resourceId}`}>{item.title}</Link>
                  <div>
                    {t.size}: {formatFileSize(item.bytes)}
                  </div>
                </div>
                <button
                  type="button"
                  className="button button--light"
                  aria-label={fill(t.removeNamed, { title: item.title })}
                  onClick={() => void deleteSaved(item.resourceId)}
                >
                  {t.remove}
                </button>
              </li>
            ))}
            {articles.map((article) => (
              <li key={article.key} className="saved-list__item" data-testid="saved-item">
                <div>
                  <TypeBadge type={RESOURCE_TYPES.LIBRARY} compact />
                  <Link to={readerUrl(article.resourceId, article.path)}>{article.title}</Link>
                  <div>{fill(t.article, { library: article.libraryTitle })}</div>
                  <div>
                    {t.size}: {formatFileSize(article.bytes)}
                  </div>
                </div>
                <button
                  type="button"
                  className="button button--light"
                  aria-label={fill(t.removeNamed, { title: article.title })}
                  onClick={() => void deleteArticle(article.key)}
                >
                  {t.remove}
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}
