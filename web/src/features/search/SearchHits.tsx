import type { SearchHit } from '@kit/contract';
import { ResourceCard } from '../library/ResourceCard.tsx';
import { ArticleCard } from './ArticleCard.tsx';

const keyOf = (hit: SearchHit): string => (hit.kind === 'resource' ? `r${hit.resource.id}` : `a${hit.libraryId}/${hit.path}`);

/** Resources and libraries' articles in the order the kit ranked them, in the resource grid. */
export function SearchHits({ hits, label }: { hits: readonly SearchHit[]; label: string }) {
  return (
    <ul className="resource-grid" aria-label={label}>
      {hits.map((hit, index) => (
        <li key={keyOf(hit)}>{hit.kind === 'resource' ? <ResourceCard resource={hit.resource} eager={index < 4} /> : <ArticleCard article={hit} />}</li>
      ))}
    </ul>
  );
}
