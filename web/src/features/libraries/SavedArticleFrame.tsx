import { OfflineNote } from '../../offline/OfflineNote.tsx';
import { esOfflinePages } from '../../i18n/es-offline-pages.ts';
import type { OfflineArticle } from './use-offline-article.ts';
import '../../offline/offline.css';

/**
 * A saved article, read with the kit out of reach: the kit's copy (no
 * scripts in it) in a frame with every sandbox restriction, so even a script
 * that slipped in would not run, and without allow-same-origin its document
 * never shares the portal's origin, storage or service worker.
 */
export function SavedArticleFrame({ article }: { article: OfflineArticle }) {
  return (
    <div className="saved-article">
      <OfflineNote text={esOfflinePages.article.offline} />
      <iframe className="saved-article__frame" title={article.title} srcDoc={article.html} sandbox="" data-testid="saved-article" />
    </div>
  );
}
