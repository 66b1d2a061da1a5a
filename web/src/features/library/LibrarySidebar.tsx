import { useEffect, useMemo, useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { getCategoryBranch } from '../../api/library.ts';
import { esLibrary } from '../../i18n/es-library.ts';
import { es } from '../../i18n/es.ts';
import { useSession } from '../../session/session-store.ts';
import { CategoryTree } from './CategoryTree.tsx';
import { Icon } from '../../ui/Icon.tsx';
import type { LibraryContext } from './library-context.ts';
import { parseCategoryId } from './list-params.ts';

/**
 * The sidebar (a drawer on phones): the tutorials shortcut and the client
 * category tree when the kit configures them (docs/PRODUCT.md#library-header), the category tree,
 * and on phones the app download link the header has no room for.
 */
export function LibrarySidebar({ context }: { context: LibraryContext }) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const { productSlug, config } = context;
  const selectedId = pathname === `/${productSlug}` ? parseCategoryId(params.get('c')) : null;
  const tutorialId = config?.tutorialCategoryId ?? null;
  const clientId = config?.clientCategoryId ?? null;
  const exclude = useMemo(() => (clientId === null ? [] : [clientId]), [clientId]);
  // what the server allows: an admin not on the denied list (the kit must be reachable to ask it)
  const session = useSession();
  const canArrange = session.isAdmin && session.userId !== null && config !== null && !config.deniedUsers.includes(session.userId);

  return (
    <div className="library-sidebar">
      {tutorialId !== null && (
        <Link to={`/${productSlug}?c=${tutorialId}`} className="library-sidebar__shortcut" data-testid="tutorials-shortcut">
          <Icon name="video" />
          {esLibrary.header.tutorials}
        </Link>
      )}
      <h2 className="library-sidebar__heading">{es.layout.categories}</h2>
      <CategoryTree rootId="root" productSlug={productSlug} selectedId={selectedId} exclude={exclude} label={es.layout.categories} canArrange={canArrange} />
      {clientId !== null && <ClientTree id={clientId} productSlug={productSlug} selectedId={selectedId} canArrange={canArrange} />}
      <Link to="/extra/download" className="library-sidebar__shortcut library-sidebar__download">
        <Icon name="phone" />
        {esLibrary.header.appDownload}
      </Link>
    </div>
  );
}

/** docs/PRODUCT.md#library-header: the client category's own tree, under its name. */
function ClientTree({ id, productSlug, selectedId, canArrange }: { id: number; productSlug: string; selectedId: number | null; canArrange: boolean }) {
  const [name, setName] = useState<string | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    getCategoryBranch(id, controller.signal, 'id,name').then(
      (branch) => setName(branch[branch.length - 1]?.name ?? null),
      () => undefined,
    );
    return () => controller.abort();
  }, [id]);
  const label = name ?? es.layout.categories;
  return (
    <section className="library-sidebar__client" data-testid="client-tree">
      <h2 className="library-sidebar__heading">
        <Link to={`/${productSlug}?c=${id}`}>{label}</Link>
      </h2>
      <CategoryTree rootId={id} productSlug={productSlug} selectedId={selectedId} label={label} canArrange={canArrange} />
    </section>
  );
}
