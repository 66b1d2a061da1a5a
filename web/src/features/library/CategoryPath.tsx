import { Link } from 'react-router';
import { esLibrary } from '../../i18n/es-library.ts';

/** A category and its ancestors as links to the library filtered by each (top level first). */
export function CategoryPath({ path, productSlug }: { path: readonly { id?: number; name?: string }[]; productSlug: string }) {
  const steps = path.filter((c): c is { id: number; name: string } => c.id !== undefined && c.name !== undefined);
  if (steps.length === 0) return null;
  return (
    <nav className="category-path" aria-label={esLibrary.home.categoryPath}>
      <ol>
        {steps.map((category) => (
          <li key={category.id}>
            <Link to={`/${productSlug}?c=${category.id}`}>{category.name}</Link>
          </li>
        ))}
      </ol>
    </nav>
  );
}
