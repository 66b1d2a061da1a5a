import { lazy, Suspense } from 'react';
import { useLoaderData } from 'react-router';
import type { BrowsersData } from '../features/downloads/browsers-loader.ts';
import { PackageFacts } from '../features/downloads/PackageFacts.tsx';
import { fill } from '../ui/fill.ts';
import { formatFileSize } from '../ui/format.ts';
import { useSession } from '../session/session-store.ts';
import { esPortal } from '../i18n/es-portal.ts';
import '../ui/portal.css';

const BrowserPackagesAdmin = lazy(async () => ({ default: (await import('../features/downloads/BrowserPackagesAdmin.tsx')).BrowserPackagesAdmin }));

/**
 * /extra/download-browser: where docs/PRODUCT.md#old-browsers's old-browser rule sends a kit's
 * visitors. Browsers for old phones and computers, downloadable from the kit.
 */
export function DownloadBrowserPage() {
  const { packages } = useLoaderData<BrowsersData>();
  const { isAdmin } = useSession();
  const t = esPortal.browsers;
  return (
    <div className="portal-page">
      <h1>{t.title}</h1>
      <p className="portal-page__intro">{t.intro}</p>
      {packages.length === 0 ? (
        <p className="portal-page__empty">{t.empty}</p>
      ) : (
        <ul className="package-list" aria-label={t.list}>
          {packages.map((pkg) => (
            <li key={pkg.id} className="surface package-card">
              <h2>{pkg.name}</h2>
              {pkg.notes && <p>{pkg.notes}</p>}
              <PackageFacts pkg={pkg} />
              <a className="button package-card__download" href={pkg.downloadUrl} download={pkg.fileName}>
                {fill(t.download, { size: formatFileSize(pkg.size) })}
              </a>
            </li>
          ))}
        </ul>
      )}
      <p>{t.steps}</p>
      {isAdmin && (
        <Suspense fallback={null}>
          <BrowserPackagesAdmin packages={packages} />
        </Suspense>
      )}
    </div>
  );
}
