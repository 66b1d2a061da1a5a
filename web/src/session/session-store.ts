import type { SessionResponse } from '@kit/contract';
import { useSyncExternalStore } from 'react';
import * as sessionCalls from '../api/session.ts';
import { setApiErrorListener } from '../api/api.ts';
import { ApiError, NETWORK_ERROR } from '../api/client.ts';
import { setSessionToken } from '../api/session-token.ts';
import { es } from '../i18n/es.ts';
import { linkSession } from '../offline/session-link.ts';
import { notifyInfo } from '../ui/notifications/notifications-store.ts';
import { readSessionSnapshot, saveSessionSnapshot } from './session-snapshot.ts';
import { initialSessionState, sessionReducer, type SessionAction, type SessionState } from './session-state.ts';

/**
 * The one session of the page (docs/PRODUCT.md#session auth state), loaded from
 * GET /api/v2/session at start. Components read it with `useSession()`;
 * guards and loaders with `getSession()` / `ensureSessionLoaded()`. Login,
 * registration and the password change are in session-actions.ts (only the
 * pages that use them download them).
 */

/** docs/PRODUCT.md#session: where a logged-out user is sent. */
export const AFTER_LOGOUT_PATH = '/login?cb=/menu';
/** Calls that check credentials: their 401 means "wrong password", not "session over". */
const CREDENTIAL_PATHS = new Set(['/auth', '/v3/authTemporary', '/user/create', '/deauth']);

type Listener = () => void;
let state: SessionState = initialSessionState;
const listeners = new Set<Listener>();

export function getSession(): SessionState {
  return state;
}

export function subscribeSession(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function dispatch(action: SessionAction): void {
  state = sessionReducer(state, action);
  for (const listener of listeners) listener();
}

/** For session-actions.ts (login, registration, password change), which pages load lazily. */
export const dispatchSession = dispatch;

/** The session, re-rendering on every change. */
export function useSession(): SessionState {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}

// ---- navigation: the app shell hands the router's navigate in; before that, a full page load ----
type Navigate = (to: string) => void;
let navigateTo: Navigate = (to) => window.location.assign(to);

export function setSessionNavigator(navigate: Navigate | null): void {
  navigateTo = navigate ?? ((to) => window.location.assign(to));
}

// ---- start ----
let loading: Promise<unknown> | null = null;
let expiredAtStart = false;

function applyLoaded(answer: SessionResponse): void {
  saveSessionSnapshot(answer.user);
  dispatch({ type: 'loaded', user: answer.user, mustChangePassword: answer.mustChangePassword });
}

/**
 * GET /api/v2/session once per page load. A refused token (401 TOKEN_EXPIRED)
 * ends the session like any other 401 (docs/PRODUCT.md#session); an unreachable kit falls back
 * to the last known user so the app keeps working offline.
 */
export async function ensureSessionLoaded(): Promise<SessionState> {
  setApiErrorListener(onApiError);
  loading ??= sessionCalls.getSession().then(
    (answer) => {
      applyLoaded(answer);
      return state;
    },
    (error: unknown) => {
      if (error instanceof ApiError && error.httpCode === 401) {
        expiredAtStart = true;
        void endSession('expired');
        notifyInfo(es.session.tokenExpired);
        dispatch({ type: 'loaded', user: null, mustChangePassword: false });
      } else if (error instanceof ApiError && error.code === NETWORK_ERROR) {
        dispatch({ type: 'loaded', user: readSessionSnapshot(), mustChangePassword: false });
      } else {
        dispatch({ type: 'loaded', user: null, mustChangePassword: false });
      }
      return state;
    },
  );
  await loading;
  // the session as it is now: a login or logout since the start changed it
  return state;
}

/** True once, right after the start found the session's token refused: the guard then sends to the login page. */
export function takeExpiredAtStart(): boolean {
  const expired = expiredAtStart;
  expiredAtStart = false;
  return expired;
}

/** The signed-in user's profile picture changed or was read (their profile page): the header shows it. */
export function setSessionPicture(url: string | null): void {
  if (state.pictureUrl !== url) dispatch({ type: 'picture', url });
}

// ---- logout ----
/**
 * Ends the session: POST /deauth (its failure is ignored, docs/PRODUCT.md#session) and the
 * state is cleared whatever the call answered (docs/PRODUCT.md#session), with the data the
 * phone kept from the session. `expired` when the kit refused the token: the writes the
 * outbox holds then wait for the user's next login.
 */
export async function endSession(how: 'logout' | 'expired' = 'logout'): Promise<void> {
  const call = sessionCalls.logout().catch(() => undefined);
  setSessionToken(null);
  saveSessionSnapshot(null);
  dispatch({ type: how });
  // What the phone stored while this user was logged in (docs/PRODUCT.md#session); loaded only now, /menu does not carry it.
  const forget = import('../offline/user-data.ts').then((m) => m.clearUserData()).catch(() => undefined);
  await Promise.all([call, forget]);
}

/** Logout from the UI: end the session, then /login?cb=/menu (docs/PRODUCT.md#session). */
export async function logOut(how: 'logout' | 'expired' = 'logout'): Promise<void> {
  await endSession(how);
  navigateTo(AFTER_LOGOUT_PATH);
}

let expiring = false;

/** docs/PRODUCT.md#session: a 401 on an authenticated call logs out and says why. */
function onApiError(error: ApiError, call: { path: string }): void {
  if (error.httpCode !== 401 || !state.loggedIn || CREDENTIAL_PATHS.has(call.path) || expiring) return;
  expiring = true;
  notifyInfo(es.session.tokenExpired);
  void logOut('expired').finally(() => {
    expiring = false;
  });
}

// The outbox (offline/outbox-runtime.ts) reads who is signed in through this link.
linkSession({ load: ensureSessionLoaded, current: getSession, subscribe: subscribeSession });

/** Tests: back to a fresh page load. */
export function resetSessionForTests(): void {
  state = initialSessionState;
  loading = null;
  expiredAtStart = false;
  expiring = false;
  setSessionToken(null);
  setSessionNavigator(null);
  for (const listener of listeners) listener();
}
