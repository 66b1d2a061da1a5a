import { createApiClient, type ApiError } from './client.ts';
import { getSessionToken } from './session-token.ts';

export type ApiErrorListener = (error: ApiError, call: { path: string; method: string }) => void;

let errorListener: ApiErrorListener | null = null;

/**
 * Told of every failed call of `api`. The session feature listens here to log
 * out on a 401 (docs/PRODUCT.md#session); one listener, set once at start.
 */
export function setApiErrorListener(listener: ApiErrorListener | null): void {
  errorListener = listener;
}

/** The one client the app uses: same origin, under /api. */
export const api = createApiClient({
  getToken: getSessionToken,
  onError: (error, call) => errorListener?.(error, call),
});
