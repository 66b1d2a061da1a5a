import type { CreateUser, LoginBody, LoginResponse } from '@kit/contract';
import * as accounts from '../api/accounts.ts';
import { setSessionToken } from '../api/session-token.ts';
import { saveSessionSnapshot } from './session-snapshot.ts';
import { clearTemporaryLoginCookie } from './tmp-login-cookie.ts';
import { dispatchSession as dispatch } from './session-store.ts';

/** Session changes only some pages make (docs/PRODUCT.md#session transitions through the store's reducer). */

export type LoginMode = 'password' | 'temporary' | 'admin';

function signIn(answer: LoginResponse, type: 'loginSuccess' | 'registerSuccess'): LoginResponse {
  setSessionToken(answer.token);
  saveSessionSnapshot(answer.user);
  dispatch({ type, token: answer.token, user: answer.user, mustChangePassword: answer.mustChangePassword });
  return answer;
}

/** POST /auth (ordinary or admin mode) or /v3/authTemporary. Rejects with the ApiError on failure. */
export async function logIn(credentials: Omit<LoginBody, 'admin'>, mode: LoginMode = 'password'): Promise<LoginResponse> {
  dispatch({ type: 'loginRequest' });
  try {
    const answer =
      mode === 'temporary'
        ? await accounts.loginTemporary(credentials)
        : await accounts.login(mode === 'admin' ? { ...credentials, admin: true } : credentials);
    return signIn(answer, 'loginSuccess');
  } catch (error) {
    setSessionToken(null);
    dispatch({ type: 'loginFailure' });
    throw error;
  }
}

/** POST /user/create; the new account is logged in. */
export async function register(body: CreateUser): Promise<LoginResponse> {
  dispatch({ type: 'registerRequest' });
  try {
    return signIn(await accounts.createUser(body), 'registerSuccess');
  } catch (error) {
    dispatch({ type: 'registerFailure' });
    throw error;
  }
}

/** PUT /v3/users/password: the answer carries a fresh token; the temporary-login flag goes. */
export async function changeOwnPassword(password: string, currentPassword?: string): Promise<void> {
  const answer = await accounts.changePassword(password, currentPassword);
  setSessionToken(answer.token);
  clearTemporaryLoginCookie();
  dispatch({ type: 'passwordChanged', token: answer.token });
}
