import type { ResourceDetail } from '@kit/contract';
import { RESOURCE_TERM_NAMES } from '@kit/contract/resource-terms';
import { RESOURCE_TYPES } from '@kit/contract/values';
import { Link } from 'react-router';
import { esLibrary } from '../../i18n/es-library.ts';
import { termWords } from '../../i18n/es-terms.ts';
import { CategoryPath } from '../library/CategoryPath.tsx';
import { formatDate, formatFileSize } from '../../ui/format.ts';

/** docs/PRODUCT.md#uploads publishing format and more: the resource's terms (author, source, license…), category path, owner, date, views, size. */
export function ResourceDetails({ resource, productSlug }: { resource: ResourceDetail; productSlug: string }) {
  const t = esLibrary.resource;
  const date = formatDate(resource.publishedAt ?? resource.createdAt);
  return (
    <dl className="surface resource-details" aria-label={t.details}>
      {RESOURCE_TERM_NAMES.map((name) => (
        <Row key={name} label={termWords(name).label} value={resource[name]} />
      ))}
      {resource.categoryPath.length > 0 && (
        <div>
          <dt>{t.category}</dt>
          <dd>
            <CategoryPath path={resource.categoryPath} productSlug={productSlug} />
          </dd>
        </div>
      )}
      {resource.user && (
        <div>
          <dt>{t.owner}</dt>
          <dd>
            <Link to={`/user/${resource.user.id}/resources`}>{resource.user.user_name}</Link>
          </dd>
        </div>
      )}
      <Row label={t.date} value={date} testId="resource-date" />
      <Row label={t.views} value={String(resource.views)} />
      {resource.type === RESOURCE_TYPES.APP && <Row label={t.version} value={resource.app_version ?? ''} />}
      {resource.size !== null && <Row label={t.size} value={formatFileSize(resource.size)} />}
    </dl>
  );
}

function Row({ label, value, testId }: { label: string; value: string; testId?: string }) {
  if (value.trim() === '') return null;
  return (
    <div>
      <dt>{label}</dt>
      <dd data-testid={testId}>{value}</dd>
    </div>
  );
}
