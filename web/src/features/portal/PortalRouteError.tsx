import { useRevalidator, useRouteError } from 'react-router';
import { ApiError, NETWORK_ERROR } from '../../api/client.ts';
import { es } from '../../i18n/es.ts';
import { esPortal } from '../../i18n/es-portal.ts';

/** A portal page whose data could not be loaded: what failed and a retry. Anything but a failed call goes to the app's boundary. */
export function PortalRouteError() {
  const error = useRouteError();
  const revalidator = useRevalidator();
  if (!(error instanceof ApiError)) throw error;
  return (
    <section className="app-status" role="alert">
      <p>{esPortal.common.loadFailed}</p>
      <p>{error.code === NETWORK_ERROR ? es.errors.network : es.errors.generic}</p>
      <button type="button" className="button" disabled={revalidator.state === 'loading'} onClick={() => void revalidator.revalidate()}>
        {es.common.retry}
      </button>
    </section>
  );
}
