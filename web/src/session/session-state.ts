import type { SessionUser } from '@kit/contract';

/**
 * The session state and its transitions (docs/PRODUCT.md#session), as a pure reducer: the store
 * (session-store.ts) holds one of these and the tests walk the transitions.
 */
export interface SessionState {
  userId: number | null;
  userName: string | null;
  /** docs/PRODUCT.md#session: defaults to false */
  isAdmin: boolean;
  roleId: number | null;
  /** the bearer token of this page's login; null after a reload (the HttpOnly cookie then authenticates) */
  token: string | null;
  loggedIn: boolean;
  /** docs/PRODUCT.md#session status flags */
  status: { loggingIn: boolean; registering: boolean };
  /** after a temporary-credentials login: the password change is forced */
  mustChangePassword: boolean;
  /** whether GET /v2/session (or its offline fallback) has answered yet */
  loaded: boolean;
  /** the last session ended because the kit refused its token, not by a logout: what the phone queued for the user stays */
  expired: boolean;
  /** the user's profile picture: from the session answer, then as this page learns it (their profile, an upload); null when there is none */
  pictureUrl: string | null;
}

export const initialSessionState: SessionState = Object.freeze({
  userId: null,
  userName: null,
  isAdmin: false,
  roleId: null,
  token: null,
  loggedIn: false,
  status: Object.freeze({ loggingIn: false, registering: false }),
  mustChangePassword: false,
  loaded: false,
  expired: false,
  pictureUrl: null,
});

export type SessionAction =
  | { type: 'loaded'; user: SessionUser | null; mustChangePassword: boolean }
  | { type: 'loginRequest' }
  | { type: 'loginSuccess'; token: string; user: SessionUser; mustChangePassword: boolean }
  | { type: 'loginFailure' }
  | { type: 'registerRequest' }
  | { type: 'registerSuccess'; token: string; user: SessionUser; mustChangePassword: boolean }
  | { type: 'registerFailure' }
  | { type: 'passwordChanged'; token: string }
  | { type: 'logout' }
  | { type: 'expired' }
  | { type: 'picture'; url: string | null };

function signedIn(state: SessionState, user: SessionUser, token: string | null, mustChangePassword: boolean): SessionState {
  return {
    ...state,
    userId: user.id,
    userName: user.user_name,
    isAdmin: user.is_admin,
    roleId: user.roleId,
    token,
    loggedIn: true,
    mustChangePassword,
    loaded: true,
    expired: false,
    pictureUrl: user.FullImageUrl,
  };
}

function signedOut(state: SessionState): SessionState {
  return { ...state, userId: null, userName: null, isAdmin: false, roleId: null, token: null, loggedIn: false, mustChangePassword: false, pictureUrl: null };
}

export function sessionReducer(state: SessionState, action: SessionAction): SessionState {
  switch (action.type) {
    case 'loaded':
      // docs/PRODUCT.md#session: anonymous unless the cookie holds a valid token.
      return action.user
        ? signedIn({ ...state, loaded: true }, action.user, state.token, action.mustChangePassword)
        : { ...signedOut(state), loaded: true };
    case 'loginRequest':
      return { ...state, status: { ...state.status, loggingIn: true } };
    case 'loginSuccess':
      return signedIn({ ...state, status: { ...state.status, loggingIn: false } }, action.user, action.token, action.mustChangePassword);
    case 'loginFailure':
      // docs/PRODUCT.md#session: failure clears the flags and the user.
      return { ...signedOut(state), status: { loggingIn: false, registering: false } };
    case 'registerRequest':
      return { ...state, status: { ...state.status, registering: true } };
    case 'registerSuccess':
      return signedIn({ ...state, status: { ...state.status, registering: false } }, action.user, action.token, action.mustChangePassword);
    case 'registerFailure':
      return { ...state, status: { ...state.status, registering: false } };
    case 'passwordChanged':
      return { ...state, token: action.token, mustChangePassword: false };
    case 'logout':
      // docs/PRODUCT.md#session: clears userId, roleId, token and loggedIn (even when the logout call failed).
      return { ...signedOut(state), expired: false };
    case 'expired':
      return { ...signedOut(state), expired: true };
    case 'picture':
      return state.loggedIn ? { ...state, pictureUrl: action.url } : state;
  }
}
