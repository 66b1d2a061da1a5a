import { useRouteError } from 'react-router';
import { ApiError } from '../../api/client.ts';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { esPortal } from '../../i18n/es-portal.ts';

/** A portal page whose data could not be loaded: what failed and a retry. Anything but a failed call goes to the app's boundary. */
export function PortalRouteError() {
  const error = useRouteError();
  if (!(error instanceof ApiError)) throw error;
  return <LoadFailed what={esPortal.common.loadFailed} error={error} />;
}
