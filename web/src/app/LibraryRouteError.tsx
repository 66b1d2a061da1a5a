import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ApiError } from '../api/client.ts';
import { LoadFailed } from '../ui/LoadFailed.tsx';
import { esLibrary } from '../i18n/es-library.ts';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';

/** Errors of the library's pages, inside the library layout: the 404 page, or what failed and a retry. */
export function LibraryRouteError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundPage />;
  // Anything but a failed call (a missing chunk after an update, a bug) goes to
  // the app's boundary, which reloads once for a missing chunk.
  if (!(error instanceof ApiError)) throw error;
  return <LoadFailed what={esLibrary.errors.loadFailed} error={error} />;
}
