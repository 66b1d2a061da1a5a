import { RESOURCE_TYPES } from '@kit/contract/values';
import { useLoaderData } from 'react-router';
import { fill } from '../ui/fill.ts';
import type { UserResourcesData } from '../features/library/library-loaders.ts';
import { listQueryString } from '../features/library/list-params.ts';
import { ResourceListView } from '../features/library/ResourceListView.tsx';
import { useSession } from '../session/session-store.ts';
import { esLibrary } from '../i18n/es-library.ts';

/** `/user/{id}/resources`: what a user uploaded (docs/PRODUCT.md#pages). */
export function UserResourcesPage() {
  const { userId, userName, filters, page } = useLoaderData<UserResourcesData>();
  const own = useSession().userId === userId;
  const t = esLibrary.user;
  const title = own ? t.mine : userName ? fill(t.resources, { user: userName }) : t.resourcesFallback;
  if (!page) {
    return (
      <section className="app-status" role="alert">
        <h1 className="page-title">{title}</h1>
        <p>{t.resourcesFailed}</p>
      </section>
    );
  }
  const base = `/user/${userId}/resources`;
  return (
    <ResourceListView
      title={title}
      page={page}
      type={filters.type}
      typeHref={(type) => `${base}${listQueryString({ type })}`}
      pageHref={(n) => `${base}${listQueryString({ type: filters.type, page: n })}`}
      empty={filters.type === RESOURCE_TYPES.ALL ? (own ? t.mineEmpty : t.empty) : undefined}
    />
  );
}
