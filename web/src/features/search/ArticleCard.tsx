import type { ArticleHit } from '@kit/contract';
import { Link } from 'react-router';
import { esLibrary } from '../../i18n/es-library.ts';
import { fill } from '../../ui/fill.ts';

/** The portal's reader page of an article: /resource/{id}/read/{path}, each segment of the path escaped. */
export function articleHref(libraryId: number, path: string): string {
  return `/resource/${libraryId}/read/${path.split('/').map(encodeURIComponent).join('/')}`;
}

/** An article of an offline library found by a search: its title, the library it is in; the card opens it in the reader. */
export function ArticleCard({ article }: { article: ArticleHit }) {
  const t = esLibrary.search;
  return (
    <Link to={articleHref(article.libraryId, article.path)} className="surface article-card" data-testid="article-hit">
      <span className="article-card__title">{article.title}</span>
      {article.alias !== null && <span className="article-card__alias">{fill(t.alias, { name: article.alias })}</span>}
      <span className="article-card__library">{fill(t.inLibrary, { library: article.libraryTitle })}</span>
    </Link>
  );
}
