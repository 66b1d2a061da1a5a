import type { SessionResponse } from '@kit/contract';
import { api } from './api.ts';

/*
 * The two session calls every page may make (the route guard loads the
 * session at start; logout ends it). Kept apart from accounts.ts so the
 * first download of a page stays small (docs/PRODUCT.md#budgets).
 */

/** GET /api/v2/session: who the cookie says we are (401 TOKEN_EXPIRED when the token was refused). */
export function getSession(signal?: AbortSignal): Promise<SessionResponse> {
  return api.get<SessionResponse>('/v2/session', undefined, signal);
}

/** POST /api/deauth: ends the session on the server and clears the cookie. */
export function logout(): Promise<unknown> {
  return api.request('/deauth', { method: 'POST' });
}
