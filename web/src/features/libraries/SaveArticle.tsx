import { useState } from 'react';
import { esOfflinePages } from '../../i18n/es-offline-pages.ts';
import { useSavedArticle } from '../../offline/use-saved-article.ts';
import { canUseServiceWorker } from '../../sw/register.ts';
import { Icon } from '../../ui/Icon.tsx';
import '../../offline/offline.css';

/** The article the reader's bar shows: its place in the library, and the library's title to list it under. */
export interface ReaderArticle {
  resourceId: number;
  path: string;
  libraryTitle: string;
}

// The phone's store (Dexie) loads when the person saves or removes, not with the reader.
const savedArticles = () => import('../../offline/saved-articles.ts');

type Status = { kind: 'idle' } | { kind: 'saving' } | { kind: 'error'; message: string };

/**
 * «Guardar para leer sin conexión» in the reader's bar: keeps the kit's copy
 * of the article on the phone («Guardado», and a way to remove it). Only where
 * a service worker runs: it is what opens the reader with the kit out of reach.
 */
export function SaveArticle({ article }: { article: ReaderArticle }) {
  if (!canUseServiceWorker()) return null;
  // one state per article: the reader moves between articles without leaving the page
  return <SaveArticleButton key={`${article.resourceId}/${article.path}`} article={article} />;
}

function SaveArticleButton({ article }: { article: ReaderArticle }) {
  const t = esOfflinePages.article;
  const saved = useSavedArticle(article.resourceId, article.path);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });

  const save = async () => {
    setStatus({ kind: 'saving' });
    try {
      const { saveArticle, SaveError } = await savedArticles();
      try {
        await saveArticle(article);
        setStatus({ kind: 'idle' });
      } catch (error) {
        const reason = error instanceof SaveError ? error.reason : 'network';
        const message = reason === 'tooLarge' ? t.tooLarge : reason === 'noSpace' ? esOfflinePages.save.noSpace : esOfflinePages.save.failed;
        setStatus({ kind: 'error', message });
      }
    } catch {
      setStatus({ kind: 'error', message: esOfflinePages.save.failed });
    }
  };

  if (saved && status.kind !== 'saving') {
    return (
      <div className="save-article" data-testid="save-article">
        <span role="status">{t.saved}</span>
        <button type="button" className="button button--light" onClick={() => void savedArticles().then(({ deleteArticle }) => deleteArticle(saved.key))}>
          {t.remove}
        </button>
      </div>
    );
  }
  return (
    <div className="save-article" data-testid="save-article">
      <button type="button" className="button button--light" onClick={() => void save()} disabled={status.kind === 'saving'}>
        <Icon name="download" size={20} />
        <span>{status.kind === 'saving' ? t.saving : t.save}</span>
      </button>
      {status.kind === 'error' && (
        <p className="save-article__note" role="alert">
          {status.message}
        </p>
      )}
    </div>
  );
}
