import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { ApiError } from '../api/client.ts';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { AppError } from './AppError.tsx';
import { isChunkLoadError } from './chunk-reload.ts';
import { es } from '../i18n/es.ts';
import { esAccounts } from '../i18n/es-accounts.ts';

/** Error boundary of the accounts pages that load data: the 404 page (with «Volver al Menú») for a missing user, a retry otherwise. */
export function AccountLoadError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (isChunkLoadError(error)) return <AppError />;
  const missing = (isRouteErrorResponse(error) && error.status === 404) || (error instanceof ApiError && error.httpCode === 404);
  if (missing) return <NotFoundPage />;
  return (
    <section className="app-status" role="alert">
      <p>{esAccounts.profile.loadFailed}</p>
      <button type="button" className="button" onClick={() => void revalidator.revalidate()}>
        {es.common.retry}
      </button>
    </section>
  );
}
