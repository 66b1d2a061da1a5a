import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { es } from '../i18n/es.ts';
import { isChunkLoadError, reloadAfterChunkError } from './chunk-reload.ts';

/** Last-resort error boundary; a missing chunk (the app was updated) reloads the page once. */
export function AppError() {
  const error = useRouteError();
  const chunkFailed = isChunkLoadError(error);
  useEffect(() => {
    if (chunkFailed) {
      reloadAfterChunkError({ storage: sessionStorage, now: Date.now(), reload: () => window.location.reload() });
    }
  }, [chunkFailed]);
  return (
    <div className="app-status" role="alert">
      <p>{es.errors.generic}</p>
      <button type="button" className="button" onClick={() => window.location.reload()}>
        {es.common.retry}
      </button>
    </div>
  );
}
