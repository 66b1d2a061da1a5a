import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, useLoaderData, useNavigate } from 'react-router';
import { esLibraries } from '../../i18n/es-libraries.ts';
import { fill } from '../../ui/fill.ts';
import type { ReaderData } from './reader-loader.ts';
import { articleFrameUrl, articlePathOf, frameArticleOf, readerUrl } from './reader-paths.ts';
import { SaveArticle } from './SaveArticle.tsx';
import { SavedArticleFrame } from './SavedArticleFrame.tsx';
import { useOfflineArticle } from './use-offline-article.ts';
import './reader.css';

const t = esLibraries.reader;

/**
 * What the article frame may do: its own scripts and forms, new tabs, and
 * leaving the frame on a tap (an outside link's notice). Never
 * allow-same-origin: the kit's pages are someone else's HTML and get an
 * opaque origin, as the kit's own policy for them also says
 * (docs/API-contributions.md#bibliotecas-zim).
 */
export const ARTICLE_SANDBOX = 'allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation';

/**
 * Keeps the address bar on the article the frame shows. The frame's own
 * navigations already make the history entries (Back goes to the previous
 * article), so the address is replaced, not pushed, and the router is not
 * told: its loader would run and its frame would reload.
 */
function useAddressFollowsFrame(frame: React.RefObject<HTMLIFrameElement | null>, resourceId: number, onArticle: (path: string) => void): void {
  useEffect(() => {
    const onMessage = (event: MessageEvent) => {
      // Only the frame's own window: any other page or frame could post anything.
      if (!frame.current || event.source !== frame.current.contentWindow) return;
      const article = frameArticleOf(event.data);
      if (!article) return;
      const url = readerUrl(resourceId, article.path);
      if (window.location.pathname !== url) window.history.replaceState(window.history.state, '', url);
      onArticle(article.path);
    };
    window.addEventListener('message', onMessage);
    return () => window.removeEventListener('message', onMessage);
  }, [frame, resourceId, onArticle]);
}

/** /resource/{id}/read/{path}: a «Biblioteca» read on the phone, the article in a sandboxed frame below a slim bar. */
export function ReaderPage() {
  const { resource, encodedPath } = useLoaderData<ReaderData>();
  const frame = useRef<HTMLIFrameElement>(null);
  // The first article only: later ones are the frame's own navigations.
  const [src] = useState(() => articleFrameUrl(resource.id, encodedPath));
  // The article shown now, as the frame reports it: the one «Guardar para leer sin conexión» saves.
  const [shownPath, setShownPath] = useState(() => articlePathOf(encodedPath));
  useAddressFollowsFrame(frame, resource.id, setShownPath);
  // With the kit out of reach, the copy this phone saved of the article asked for.
  const saved = useOfflineArticle(resource.id, articlePathOf(encodedPath));
  return (
    <main id="content" className="zim-reader">
      <header className="zim-reader__bar">
        <Link to={`/resource/${resource.id}`} className="button button--light zim-reader__back" data-testid="reader-back">
          {t.back}
        </Link>
        <h1 className="zim-reader__title">{resource.title}</h1>
        <ReaderSearch resourceId={resource.id} />
        <div className="zim-reader__tools" role="group" aria-label={t.tools} data-testid="reader-tools">
          <SaveArticle article={{ resourceId: resource.id, path: shownPath, libraryTitle: resource.title }} />
        </div>
      </header>
      {saved ? (
        <SavedArticleFrame article={saved} />
      ) : (
        <iframe ref={frame} className="zim-reader__frame" src={src} sandbox={ARTICLE_SANDBOX} title={fill(t.frame, { title: resource.title })} data-testid="reader-frame" />
      )}
    </main>
  );
}

/** This library's search: the search page with the library's filter. */
function ReaderSearch({ resourceId }: { resourceId: number }) {
  const navigate = useNavigate();
  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const q = String(new FormData(event.currentTarget).get('q') ?? '').trim();
    if (q !== '') void navigate(`/search?${new URLSearchParams({ q, library: String(resourceId) }).toString()}`);
  };
  return (
    <form role="search" className="zim-reader__search" onSubmit={submit}>
      <input type="search" name="q" aria-label={t.search} placeholder={t.searchPlaceholder} enterKeyHint="search" />
      <button type="submit" className="button button--light">
        {t.searchSubmit}
      </button>
    </form>
  );
}
