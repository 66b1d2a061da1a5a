import { ApiError, NETWORK_ERROR } from '../../api/client.ts';
import { es } from '../../i18n/es.ts';
import { esPortal } from '../../i18n/es-portal.ts';

type PortalErrorCode = keyof typeof esPortal.errors;

/**
 * What to tell the user about a failed portal call: the message for its code
 * (branch on the code, never on the server's text: the text may change), the
 * unreachable-kit message, or the caller's fallback.
 */
export function portalErrorMessage(error: unknown, fallback: string): string {
  if (!(error instanceof ApiError)) return fallback;
  if (error.code === NETWORK_ERROR) return es.errors.network;
  if (Object.prototype.hasOwnProperty.call(esPortal.errors, error.code)) return esPortal.errors[error.code as PortalErrorCode];
  return fallback;
}
