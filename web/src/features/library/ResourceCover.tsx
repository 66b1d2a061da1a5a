import { Icon } from '../../ui/Icon.tsx';
import { coverSource, placeholderKind, resourceType } from './resource-types.ts';

interface CoverProps {
  resource: { type: number; coverUrl: string | null; mediaUrl: string | null };
  /** cards below the fold load their picture lazily */
  eager?: boolean;
}

/**
 * A resource's picture: its cover, an image's own file, or the placeholder for
 * its type (docs/PRODUCT.md#placeholders: by type code 2, 5, other). Decorative: the title says it all.
 */
export function ResourceCover({ resource, eager = false }: CoverProps) {
  const src = coverSource(resource);
  if (src) {
    return <img className="resource-cover" src={src} alt="" loading={eager ? 'eager' : 'lazy'} decoding="async" />;
  }
  return <Placeholder type={resource.type} />;
}

/** Drawn in the page (no image file to fetch or cache): a page for documents, a phone for apps, the type's icon otherwise. */
export function Placeholder({ type }: { type: number }) {
  const kind = placeholderKind(type);
  const info = resourceType(type);
  return (
    <span className={`resource-cover resource-cover--placeholder resource-cover--${kind}`} style={{ color: info.color }} data-placeholder={kind}>
      {kind === 'document' && (
        <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true" focusable="false">
          <path d="M16 6h22l12 12v40H16z" fill="#fff" stroke="currentColor" strokeWidth="3" strokeLinejoin="round" />
          <path d="M38 6v12h12M23 30h20M23 38h20M23 46h14" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      )}
      {kind === 'app' && (
        <svg viewBox="0 0 64 64" width="56" height="56" aria-hidden="true" focusable="false">
          <rect x="18" y="4" width="28" height="56" rx="5" fill="#fff" stroke="currentColor" strokeWidth="3" />
          <path d="M28 52h8M24 16h6v6h-6zM34 16h6v6h-6zM24 26h6v6h-6zM34 26h6v6h-6z" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
        </svg>
      )}
      {kind === 'other' && <Icon name={info.icon} size={48} />}
    </span>
  );
}
