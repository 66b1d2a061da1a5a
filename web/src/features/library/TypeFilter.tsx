import { Link } from 'react-router';
import { esLibrary } from '../../i18n/es-library.ts';
import { Icon } from '../../ui/Icon.tsx';
import { RESOURCE_TYPE_CATALOGUE, type TypeCode } from './resource-types.ts';

/**
 * The type filter (docs/PRODUCT.md#type-codes codes 0–6, each with icon and colour) as a row of
 * links that scrolls sideways on a phone. Choosing a type goes back to page 1.
 */
export function TypeFilter({ current, hrefFor }: { current: TypeCode; hrefFor: (type: TypeCode) => string }) {
  return (
    <nav className="type-filter" aria-label={esLibrary.types.label}>
      <ul>
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
