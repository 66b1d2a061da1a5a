import { ApiError, NETWORK_ERROR } from '../../api/client.ts';
import { es } from '../../i18n/es.ts';

/** The server's Spanish message for a refused device action (its catalog), or FALLBACK; the unreachable-kit text when offline. */
export function deviceErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code === NETWORK_ERROR) return es.errors.network;
  return error.message || fallback;
}
