import type { LoginBody, LoginResponse, SessionResponse, SessionUser } from '@kit/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { userImageUrl } from '../../media/media-url.ts';
import type { Viewer } from '../../access/viewer.ts';
import { issueToken, type TokenProof } from './session.plugin.ts';
import {
  consumeTemporaryCredential,
  findActiveTemporaryCredential,
  findAuthUserById,
  findAuthUserByName,
  replaceTemporaryCredential,
  revokeToken,
  setPassword,
  type DbAuthUser,
} from './auth.repo.ts';
import { checkAgainstDummy, limitedHashPassword, limitedVerifyPassword } from './hash-limiter.ts';
import type { LoginAttempt, LoginThrottle } from './login-throttle.ts';
import { generatePassword } from './password.ts';

/** How long a temporary password an admin reads to a user stays usable. */
export const TEMPORARY_PASSWORD_TTL_MS = 24 * 3600_000;

/** A login this recent is proof enough to change the password without the current one. */
export const RECENT_LOGIN_SECONDS = 5 * 60;

/** The password checked against `phc`, or the work of a wrong one (always false) when there is none. */
async function passwordMatches(password: string, phc: string | undefined, knownDevice: boolean): Promise<boolean> {
  if (phc === undefined) {
    await checkAgainstDummy(password);
    return false;
  }
  return limitedVerifyPassword(password, phc, knownDevice);
}

/**
 * A throttled password check: refused at once when the attempt must wait; a
 * wrong password counts against the attempt, a refusal for a busy kit (503)
 * against its address. A phone known to the account goes ahead in the hash queue.
 */
async function throttledMatch(throttle: LoginThrottle, attempt: LoginAttempt, password: string, phc: string | undefined): Promise<boolean> {
  throttle.check(attempt);
  let matches: boolean;
  try {
    matches = await passwordMatches(password, phc, attempt.knownDevice);
  } catch (error) {
    if (error instanceof AppError && error.code === 'UNAVAILABLE') throttle.recordBusy(attempt);
    else throttle.recordNothing(attempt);
    throw error;
  }
  if (matches) throttle.recordSuccess(attempt);
  else throttle.recordFailure(attempt);
  return matches;
}

/** Where a login comes from: the client's address, and the account keys its phone is known to (known-device.ts). */
export interface LoginOrigin {
  address: string;
  knows: (accountKey: string) => boolean;
}

const attemptOf = (name: string, user: DbAuthUser | undefined, origin: LoginOrigin): LoginAttempt => ({
  account: name,
  address: origin.address,
  knownDevice: user !== undefined && origin.knows(user.account_key),
});

const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Blocked accounts never log in; admin-mode login (/admin/login) refuses non-admins and denied admins. */
function assertMayLogin(user: DbAuthUser, admin: boolean | undefined): void {
  if (user.blocked) throw new AppError('USER_BLOCKED');
  if (admin && !user.is_admin) throw new AppError('NOT_ADMIN', { reason: 'unauthorized' });
  // An admin all the same: say that this kit bars them, not that they are no admin.
  if (admin && user.denied) throw new AppError('ADMIN_DENIED', { reason: 'unauthorized' });
}

/**
 * POST /api/auth (the admin login too). Throttled before any hashing; the
 * same answer, after the same wait, for an unknown user and a wrong password.
 */
export async function checkPasswordLogin(db: Db, throttle: LoginThrottle, body: LoginBody, origin: LoginOrigin): Promise<DbAuthUser> {
  const name = body.user_name.trim();
  const user = findAuthUserByName(db, name);
  if (!(await throttledMatch(throttle, attemptOf(name, user, origin), body.password, user?.password_hash)) || !user) {
    throw new AppError('BAD_CREDENTIALS');
  }
  assertMayLogin(user, body.admin);
  return user;
}

/**
 * POST /api/v3/authTemporary: the one-time password an admin issued. It works
 * once, before it expires; using it marks the account as having to choose a
 * new password. The account's own password is not accepted here.
 */
export async function checkTemporaryLogin(db: Db, throttle: LoginThrottle, body: LoginBody, origin: LoginOrigin): Promise<DbAuthUser> {
  const name = body.user_name.trim();
  const user = findAuthUserByName(db, name);
  const credential = user ? findActiveTemporaryCredential(db, user.id) : undefined;
  if (!(await throttledMatch(throttle, attemptOf(name, user, origin), body.password, credential?.password_hash)) || !user || !credential) {
    throw new AppError('TEMPORARY_PASSWORD_INVALID');
  }
  assertMayLogin(user, body.admin);
  if (!consumeTemporaryCredential(db, credential.id, user.id)) throw new AppError('TEMPORARY_PASSWORD_INVALID');
  return { ...user, must_change_password: 1 };
}

/**
 * The answer of a login (docs/API-accounts.md): token and user; the token also goes into the
 * web's cookie. Every caller has just checked a password (a login, a
 * registration, a password change), which the token records as its auth_time.
 */
export function sessionResponse(app: FastifyInstance, reply: FastifyReply, user: DbAuthUser, proof: Omit<TokenProof, 'authTime'> = {}): LoginResponse {
  const token = issueToken(app, reply, user, { ...proof, authTime: nowSeconds() });
  return { token, user: sessionUserOf(user), mustChangePassword: user.must_change_password === 1 };
}

/** GET /v2/session: who the token is, read again for the picture the token does not carry. */
export function currentSession(db: Db, viewer: Viewer | null): SessionResponse {
  const user = viewer ? findAuthUserById(db, viewer.id) : undefined;
  return { user: user ? sessionUserOf(user) : null, mustChangePassword: viewer?.mustChangePassword ?? false };
}

/** The account as every session answer gives it; a blocked account has no session, so its withheld picture never shows here. */
function sessionUserOf(user: DbAuthUser): SessionUser {
  return {
    id: user.id,
    user_name: user.user_name,
    is_admin: user.is_admin === 1,
    roleId: user.role_id,
    FullImageUrl: user.image_sha256 ? userImageUrl(user.id, user.image_sha256) : null,
  };
}

/** Logs in the account just made: registration answers like a login. */
export function sessionForNewAccount(app: FastifyInstance, reply: FastifyReply, id: number): LoginResponse {
  const user = findAuthUserById(app.db, id);
  if (!user) throw new AppError('INTERNAL');
  return sessionResponse(app, reply, user);
}

export interface PasswordChangeRequest {
  /** the caller's account */
  userId: number;
  /** the caller's token: when it was logged in, and whether by a temporary password */
  token: { authTime: number; temporaryLogin: boolean };
  password: string;
  currentPassword?: string | undefined;
  origin: LoginOrigin;
}

/**
 * PUT /api/v3/users/password needs proof that the caller is the owner now,
 * not only a token (which may be stolen or left on a shared phone):
 *   - the current password (checked and throttled like a login), or
 *   - a login in the last RECENT_LOGIN_SECONDS (the web's `{password}` body,
 *     sent right after logging in), or
 *   - the forced change: a token from the temporary login while the account
 *     still must replace that password.
 * Then sets it; every older token of the user stops working. Returns the
 * account as it is now, to sign its new session.
 */
export async function changePassword(db: Db, throttle: LoginThrottle, change: PasswordChangeRequest): Promise<DbAuthUser> {
  const { token } = change;
  const user = findAuthUserById(db, change.userId);
  if (!user) throw new AppError('UNAUTHORIZED');
  if (change.currentPassword !== undefined) {
    if (!(await throttledMatch(throttle, attemptOf(user.user_name, user, change.origin), change.currentPassword, user.password_hash))) {
      throw new AppError('CURRENT_PASSWORD_WRONG', { field: 'body.currentPassword' });
    }
  } else {
    const forced = token.temporaryLogin && user.must_change_password === 1;
    // both ways: after the kit's clock was set back, a login "in the future" is not a recent one
    const recent = Math.abs(nowSeconds() - token.authTime) <= RECENT_LOGIN_SECONDS;
    if (!forced && !recent) throw new AppError('CURRENT_PASSWORD_REQUIRED', { field: 'body.currentPassword' });
  }
  const passwordHash = await limitedHashPassword(change.password);
  if (setPassword(db, user.id, passwordHash) === undefined) throw new AppError('UNAUTHORIZED');
  const changed = findAuthUserById(db, user.id);
  if (!changed) throw new AppError('UNAUTHORIZED');
  return changed;
}

/** A logout: the token stops working on the server too, so a copy of it is useless (until it would have expired anyway). */
export function endSession(db: Db, claims: { jti: string; exp: number }): void {
  revokeToken(db, claims.jti, claims.exp);
}

/** A fresh one-time password for a user who forgot theirs; only its hash is kept. */
export async function issueTemporaryPassword(db: Db, userId: number, issuedBy: number): Promise<{ password: string; expiresAt: string }> {
  const password = generatePassword();
  const expiresAt = new Date(Date.now() + TEMPORARY_PASSWORD_TTL_MS).toISOString();
  replaceTemporaryCredential(db, { userId, passwordHash: await limitedHashPassword(password), issuedBy, expiresAt });
  return { password, expiresAt };
}
