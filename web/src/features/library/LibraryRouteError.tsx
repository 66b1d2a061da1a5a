import { isRouteErrorResponse, useRevalidator, useRouteError } from 'react-router';
import { ApiError, NETWORK_ERROR } from '../../api/client.ts';
import { esLibrary } from '../../i18n/es-library.ts';
import { es } from '../../i18n/es.ts';
import { NotFoundPage } from '../../pages/NotFoundPage.tsx';

/** Errors of the library's pages, inside the library layout: SPEC's 404 page, or what failed and a retry. */
export function LibraryRouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // Anything but a failed call (a missing chunk after an update, a bug) goes to
  // the app's boundary, which reloads once for a missing chunk.
  if (!(error instanceof ApiError)) throw error;
  const network = error.code === NETWORK_ERROR;
  return (
    <section className="app-status" role="alert">
      <p>{esLibrary.errors.loadFailed}</p>
      <p>{network ? es.errors.network : es.errors.generic}</p>
      <button
        type="button"
        className="button"
        disabled={revalidator.state === 'loading'}
        onClick={() => void revalidator.revalidate()}
      >
        {es.common.retry}
      </button>
    </section>
  );
}
