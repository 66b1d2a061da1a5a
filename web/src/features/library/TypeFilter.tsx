import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { esLibrary } from '../../i18n/es-library.ts';
import { Icon } from '../../ui/Icon.tsx';
import { RESOURCE_TYPE_CATALOGUE, type TypeCode } from './resource-types.ts';

/**
 * The type filter (docs/PRODUCT.md#type-codes codes 0–6, each with icon and colour) as a row of
 * links that scrolls sideways on a phone. Choosing a type goes back to page 1. The chosen type
 * is scrolled into sight, and the row fades at its end while more types wait past the edge.
 */
export function TypeFilter({ current, hrefFor }: { current: TypeCode; hrefFor: (type: TypeCode) => string }) {
  const strip = useRef<HTMLUListElement>(null);
  const [more, setMore] = useState(false);
  useEffect(() => {
    const row = strip.current;
    if (!row) return;
    const chosen = row.querySelector<HTMLElement>('[aria-current="true"]');
    if (chosen) {
      const left = chosen.getBoundingClientRect().left - row.getBoundingClientRect().left + row.scrollLeft;
      if (left < row.scrollLeft || left + chosen.offsetWidth > row.scrollLeft + row.clientWidth) row.scrollLeft = left - (row.clientWidth - chosen.offsetWidth) / 2;
    }
    const update = () => setMore(row.scrollLeft + row.clientWidth < row.scrollWidth - 1);
    update();
    row.addEventListener('scroll', update, { passive: true });
    return () => row.removeEventListener('scroll', update);
  }, [current]);
  return (
    <nav className="type-filter" aria-label={esLibrary.types.label}>
      <ul ref={strip} data-more={more}>
        {RESOURCE_TYPE_CATALOGUE.map((type) => (
          <li key={type.code}>
            <Link
              to={hrefFor(type.code)}
              className="type-filter__chip"
              style={{ color: type.color }}
              aria-current={type.code === current ? 'true' : undefined}
              preventScrollReset
            >
              <Icon name={type.icon} size={18} />
              <span>{type.label}</span>
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
