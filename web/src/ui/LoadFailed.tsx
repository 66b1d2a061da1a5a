import { useRevalidator } from 'react-router';
import { ApiError, NETWORK_ERROR } from '../api/client.ts';
import { es } from '../i18n/es.ts';

/** A page whose data could not be loaded: what failed, why (no link or the server), and a retry. */
export function LoadFailed({ what, error }: { what: string; error: unknown }) {
  const revalidator = useRevalidator();
  return (
    <section className="app-status" role="alert">
      <p>{what}</p>
      <p>{error instanceof ApiError && error.code === NETWORK_ERROR ? es.errors.network : es.errors.generic}</p>
      <button type="button" className="button" disabled={revalidator.state === 'loading'} onClick={() => void revalidator.revalidate()}>
        {es.common.retry}
      </button>
    </section>
  );
}
