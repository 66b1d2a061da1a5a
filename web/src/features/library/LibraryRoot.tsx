import { useEffect, useMemo } from 'react';
import { useLoaderData } from 'react-router';
import { LibraryLayout } from '../../layouts/LibraryLayout.tsx';
import { loadOutbox } from '../../offline/load-outbox.ts';
import { outboxMayHoldEntries } from '../../offline/outbox-flag.ts';
import { OfflineBanner } from '../../offline/OfflineBanner.tsx';
import { AdBanner } from './AdBanner.tsx';
import type { LibraryContext } from './library-context.ts';
import { LibraryHeader } from './LibraryHeader.tsx';
import { LibrarySidebar } from './LibrarySidebar.tsx';
import { ToolStrip, shortcutTools } from './ToolStrip.tsx';
import './library.css';

/**
 * The library's layout route: docs/PRODUCT.md#layouts default layout filled with the library's
 * header (under the offline banner while there is no network), tree, strip and banner.
 */
export function LibraryRoot() {
  const context = useLoaderData<LibraryContext>();
  const { services, config } = context;
  const tools = useMemo(() => (services && config ? shortcutTools(services, config) : []), [services, config]);
  const bannerPath = services?.pathPublicityBanner ?? null;
  // writes made offline on an earlier visit are sent once the library opens (not on /menu, to keep it small)
  useEffect(() => {
    if (outboxMayHoldEntries()) void loadOutbox().catch(() => undefined);
  }, []);
  return (
    <LibraryLayout
      header={
        <>
          <OfflineBanner />
          <LibraryHeader context={context} />
        </>
      }
      sidebar={<LibrarySidebar context={context} />}
      aside={tools.length > 0 ? <ToolStrip tools={tools} /> : undefined}
      banner={bannerPath ? <AdBanner src={bannerPath} /> : undefined}
    />
  );
}
