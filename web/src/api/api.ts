import { createApiClient } from './client.ts';
import { getSessionToken } from './session-token.ts';

/** The one client the app uses: same origin, under /api. */
export const api = createApiClient({ getToken: getSessionToken });
