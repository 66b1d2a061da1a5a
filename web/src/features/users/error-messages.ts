import { ApiError, NETWORK_ERROR } from '../../api/client.ts';
import { es } from '../../i18n/es.ts';
import { esAccounts } from '../../i18n/es-accounts.ts';

type AccountErrorCode = keyof typeof esAccounts.accountErrors;

/** The code of a failed call, or null when it is not an ApiError. */
export function errorCode(error: unknown): string | null {
  return error instanceof ApiError ? error.code : null;
}

/**
 * What to tell the user about a failed accounts call: the message for its
 * code (branch on the code, never on the server's text: the text may change), the
 * unreachable-kit message, or the caller's fallback.
 */
export function accountErrorMessage(error: unknown, fallback: string): string {
  const code = errorCode(error);
  if (code === NETWORK_ERROR) return es.errors.network;
  if (code !== null && Object.prototype.hasOwnProperty.call(esAccounts.accountErrors, code)) return esAccounts.accountErrors[code as AccountErrorCode];
  return fallback;
}
