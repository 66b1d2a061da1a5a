import type { ArticleHit } from '@kit/contract';
import { Link } from 'react-router';
import { esLibrary } from '../../i18n/es-library.ts';
import { fill } from '../../ui/fill.ts';
import { readerUrl } from '../libraries/reader-paths.ts';

/** An article of an offline library found by a search: its title, the library it is in; the card opens it in the reader. */
export function ArticleCard({ article }: { article: ArticleHit }) {
  const t = esLibrary.search;
  return (
    <Link to={readerUrl(article.libraryId, article.path)} className="surface article-card" data-testid="article-hit">
      <span className="article-card__title">{article.title}</span>
      {article.alias !== null && <span className="article-card__alias">{fill(t.alias, { name: article.alias })}</span>}
      <span className="article-card__library">{fill(t.inLibrary, { library: article.libraryTitle })}</span>
    </Link>
  );
}
