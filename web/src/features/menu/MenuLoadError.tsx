import { useRevalidator, useRouteError } from 'react-router';
import { ApiError, NETWORK_ERROR } from '../../api/client.ts';
import { es } from '../../i18n/es.ts';

/** Shown when the menu could not be loaded: what went wrong and a way to try again. */
export function MenuLoadError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const detail = error instanceof ApiError && error.code === NETWORK_ERROR ? es.errors.network : es.errors.generic;
  return (
    <div className="app-status" role="alert">
      <p>{es.menu.loadFailed}</p>
      <p>{detail}</p>
      <button
        type="button"
        className="button"
        disabled={revalidator.state === 'loading'}
        onClick={() => void revalidator.revalidate()}
      >
        {es.common.retry}
      </button>
    </div>
  );
}
