import { Icon } from '../../ui/Icon.tsx';
import { resourceType } from './resource-types.ts';

/** A resource type's icon and label in its colour (docs/PRODUCT.md#type-codes). */
export function TypeBadge({ type, compact = false }: { type: number; compact?: boolean }) {
  const info = resourceType(type);
  return (
    <span className="type-badge" style={{ color: info.color }} data-type={info.code}>
      <Icon name={info.icon} size={compact ? 16 : 18} />
      <span className={compact ? 'visually-hidden' : undefined}>{info.label}</span>
    </span>
  );
}
