import { describe, expect, it } from 'vitest';
import { initialSessionState, sessionReducer, type SessionAction, type SessionState } from './session-state.ts';

const ana = { id: 7, user_name: 'ana', is_admin: false, roleId: 2, FullImageUrl: null };
const admin = { id: 1, user_name: 'admin', is_admin: true, roleId: 1, FullImageUrl: null };

function run(...actions: SessionAction[]): SessionState {
  return actions.reduce(sessionReducer, initialSessionState);
}

describe('session state (auth state and its transitions)', () => {
  it('starts anonymous, not an admin, with no request under way', () => {
    expect(initialSessionState).toMatchObject({
      userId: null,
      isAdmin: false,
      token: null,
      roleId: null,
      loggedIn: false,
      status: { loggingIn: false, registering: false },
      loaded: false,
    });
  });

  it('is anonymous when the session call finds no valid token', () => {
    expect(run({ type: 'loaded', user: null, mustChangePassword: false })).toMatchObject({ loggedIn: false, userId: null, loaded: true });
  });

  it('is the cookie’s user when the session call finds one', () => {
    expect(run({ type: 'loaded', user: admin, mustChangePassword: false })).toMatchObject({
      loggedIn: true,
      userId: 1,
      userName: 'admin',
      isAdmin: true,
      roleId: 1,
      token: null,
      loaded: true,
    });
  });

  it('login request sets loggingIn', () => {
    expect(run({ type: 'loginRequest' }).status).toEqual({ loggingIn: true, registering: false });
  });

  it('login success stores user and token and sets loggedIn, isAdmin, roleId', () => {
    const state = run({ type: 'loginRequest' }, { type: 'loginSuccess', token: 'jwt', user: admin, mustChangePassword: false });
    expect(state).toMatchObject({ userId: 1, token: 'jwt', loggedIn: true, isAdmin: true, roleId: 1, status: { loggingIn: false } });
  });

  it('login failure clears the flags and the user', () => {
    const state = run(
      { type: 'loginSuccess', token: 'old', user: ana, mustChangePassword: false },
      { type: 'loginRequest' },
      { type: 'loginFailure' },
    );
    expect(state).toMatchObject({
      userId: null,
      userName: null,
      token: null,
      roleId: null,
      loggedIn: false,
      isAdmin: false,
      status: { loggingIn: false, registering: false },
    });
  });

  it('a temporary login carries the forced password change until the password is changed', () => {
    const temporary = run({ type: 'loginSuccess', token: 't1', user: ana, mustChangePassword: true });
    expect(temporary.mustChangePassword).toBe(true);
    const changed = sessionReducer(temporary, { type: 'passwordChanged', token: 't2' });
    expect(changed).toMatchObject({ mustChangePassword: false, token: 't2', loggedIn: true, userId: 7 });
  });

  it('registration request sets registering; success clears it and logs the new user in', () => {
    expect(run({ type: 'registerRequest' }).status.registering).toBe(true);
    const state = run({ type: 'registerRequest' }, { type: 'registerSuccess', token: 'jwt', user: ana, mustChangePassword: false });
    expect(state).toMatchObject({ status: { registering: false }, loggedIn: true, userId: 7, token: 'jwt' });
  });

  it('registration failure clears registering and leaves the session as it was', () => {
    const state = run({ type: 'registerRequest' }, { type: 'registerFailure' });
    expect(state).toMatchObject({ status: { registering: false }, loggedIn: false });
  });

  it('logout clears userId, roleId, token and loggedIn', () => {
    const state = run({ type: 'loginSuccess', token: 'jwt', user: admin, mustChangePassword: true }, { type: 'logout' });
    expect(state).toMatchObject({ userId: null, roleId: null, token: null, loggedIn: false, isAdmin: false, mustChangePassword: false });
  });

  it('knows the picture from the session answer, then as the page learns it, and forgets it on logout', () => {
    const url = '/api/v2/users/7/image?v=0123456789abcdef';
    expect(run({ type: 'loaded', user: { ...ana, FullImageUrl: url }, mustChangePassword: false }).pictureUrl).toBe(url);
    expect(run({ type: 'loaded', user: { ...ana, FullImageUrl: url }, mustChangePassword: false }, { type: 'picture', url: null }).pictureUrl).toBeNull();
    expect(run({ type: 'loginSuccess', token: 'jwt', user: { ...ana, FullImageUrl: url }, mustChangePassword: false }, { type: 'logout' }).pictureUrl).toBeNull();
  });

  it('never changes the state it was given', () => {
    const before = run({ type: 'loginSuccess', token: 'jwt', user: ana, mustChangePassword: false });
    const copy = structuredClone(before);
    sessionReducer(before, { type: 'logout' });
    sessionReducer(before, { type: 'loginRequest' });
    expect(before).toEqual(copy);
  });
});
