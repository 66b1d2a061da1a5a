import { lazy, Suspense } from 'react';
import { useLoaderData } from 'react-router';
import type { AppDownloadData } from '../features/downloads/downloads-loader.ts';
import { InstallPortal } from '../features/downloads/InstallPortal.tsx';
import { InstallSteps } from '../features/downloads/InstallSteps.tsx';
import { PackageFacts } from '../features/downloads/PackageFacts.tsx';
import { fill } from '../ui/fill.ts';
import { formatFileSize } from '../ui/format.ts';
import { useSession } from '../session/session-store.ts';
import { esPortal } from '../i18n/es-portal.ts';
import '../ui/portal.css';

const AppPackageAdmin = lazy(async () => ({ default: (await import('../features/downloads/AppPackageAdmin.tsx')).AppPackageAdmin }));

/**
 * /extra/download: the group's mobile app package (docs/PRODUCT.md#pages), its size and how
 * to install it; until an admin uploads it here, how to install the portal itself.
 */
export function DownloadPage() {
  const { pkg } = useLoaderData<AppDownloadData>();
  const { isAdmin } = useSession();
  return (
    <div className="portal-page">
      <h1>{esPortal.download.title}</h1>
      <p className="portal-page__intro">{esPortal.download.intro}</p>
      {pkg ? (
        <>
          <section className="surface package-card" data-testid="app-package">
            <h2>{pkg.name}</h2>
            <PackageFacts pkg={pkg} />
            <a className="button package-card__download" href={pkg.downloadUrl} download={pkg.fileName}>
              {fill(esPortal.download.download, { size: formatFileSize(pkg.size) })}
            </a>
          </section>
          <InstallSteps />
        </>
      ) : (
        <>
          <p className="portal-page__empty">{esPortal.download.none}</p>
          <InstallPortal />
        </>
      )}
      {isAdmin && (
        <Suspense fallback={null}>
          <AppPackageAdmin pkg={pkg} />
        </Suspense>
      )}
    </div>
  );
}
