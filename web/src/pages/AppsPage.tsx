import { useLoaderData } from 'react-router';
import { AppCard } from '../features/apps/AppCard.tsx';
import type { AppsData } from '../features/apps/apps-loader.ts';
import { InstallSteps } from '../features/downloads/InstallSteps.tsx';
import { Pagination } from '../ui/Pagination.tsx';
import { esPortal } from '../i18n/es-portal.ts';
import '../ui/portal.css';

/** /uapps: the apps repository (docs/PRODUCT.md#pages), with how to install an app on Android. */
export function AppsPage() {
  const { apps } = useLoaderData<AppsData>();
  return (
    <div className="portal-page">
      <h1>{esPortal.apps.title}</h1>
      <p className="portal-page__intro">{esPortal.apps.intro}</p>
      {apps.data.length === 0 ? (
        <p className="portal-page__empty">{esPortal.apps.empty}</p>
      ) : (
        <ul className="app-list" aria-label={esPortal.apps.list}>
          {apps.data.map((app) => (
            <li key={app.id}>
              <AppCard app={app} />
            </li>
          ))}
        </ul>
      )}
      <Pagination page={apps.current_page} lastPage={apps.last_page} hrefFor={(page) => `/uapps?page=${page}`} />
      <InstallSteps />
    </div>
  );
}
