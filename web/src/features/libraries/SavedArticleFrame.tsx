import { OfflineNote } from '../../offline/OfflineNote.tsx';
import { esOfflinePages } from '../../i18n/es-offline-pages.ts';
import type { OfflineArticle } from './use-offline-article.ts';
import '../../offline/offline.css';

/**
 * A saved article, read with the kit out of reach: the kit's copy (no
 * scripts in it) in a sandboxed frame where even a script that slipped in
 * would not run, and, without allow-same-origin, whose document never shares
 * the portal's origin, storage or service worker. A tap on one of its links
 * may open the whole window: the copy's links lead to the reader's address
 * of another article (its <base target="_top">), saved or not.
 */
export const SAVED_ARTICLE_SANDBOX = 'allow-top-navigation-by-user-activation';

export function SavedArticleFrame({ article }: { article: OfflineArticle }) {
  return (
    <div className="saved-article">
      <OfflineNote text={esOfflinePages.article.offline} />
      <iframe className="saved-article__frame" title={article.title} srcDoc={article.html} sandbox={SAVED_ARTICLE_SANDBOX} data-testid="saved-article" />
    </div>
  );
}
