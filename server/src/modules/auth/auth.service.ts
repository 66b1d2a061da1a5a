import type { LoginBody, LoginResponse } from '@kit/contract';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { issueToken } from '../../plugins/auth.ts';
import {
  consumeTemporaryCredential,
  findActiveTemporaryCredential,
  findAuthUserByName,
  replaceTemporaryCredential,
  setPassword,
  type DbAuthUser,
} from './auth.repo.ts';
import { limitedHashPassword, limitedVerifyPassword } from './hash-limiter.ts';
import type { LoginThrottle } from './login-throttle.ts';
import { generatePassword } from './password.ts';

/** How long a temporary password an admin reads to a user stays usable. */
export const TEMPORARY_PASSWORD_TTL_MS = 24 * 3600_000;

/** Blocked accounts never log in; admin-mode login (/admin/login) refuses non-admins and denied admins. */
function assertMayLogin(user: DbAuthUser, admin: boolean | undefined): void {
  if (user.blocked) throw new AppError('USER_BLOCKED');
  if (admin && !user.is_admin) throw new AppError('NOT_ADMIN', { reason: 'unauthorized' });
  // An admin all the same: say that this kit bars them, not that they are no admin.
  if (admin && user.denied) throw new AppError('ADMIN_DENIED', { reason: 'unauthorized' });
}

/**
 * POST /api/auth. Throttled per account and per address before any hashing;
 * the same answer for an unknown user and a wrong password.
 */
export async function checkPasswordLogin(db: Db, throttle: LoginThrottle, body: LoginBody, address: string): Promise<DbAuthUser> {
  const name = body.user_name.trim();
  throttle.check(name, address);
  const user = findAuthUserByName(db, name);
  if (!user || !(await limitedVerifyPassword(body.password, user.password_hash))) {
    throttle.recordFailure(name, address);
    throw new AppError('BAD_CREDENTIALS');
  }
  throttle.recordSuccess(name);
  assertMayLogin(user, body.admin);
  return user;
}

/**
 * POST /api/v3/authTemporary: the one-time password an admin issued. It works
 * once, before it expires; using it marks the account as having to choose a
 * new password. The account's own password is not accepted here.
 */
export async function checkTemporaryLogin(db: Db, throttle: LoginThrottle, body: LoginBody, address: string): Promise<DbAuthUser> {
  const name = body.user_name.trim();
  throttle.check(name, address);
  const user = findAuthUserByName(db, name);
  const credential = user ? findActiveTemporaryCredential(db, user.id) : undefined;
  if (!user || !credential || !(await limitedVerifyPassword(body.password, credential.password_hash))) {
    throttle.recordFailure(name, address);
    throw new AppError('TEMPORARY_PASSWORD_INVALID');
  }
  throttle.recordSuccess(name);
  assertMayLogin(user, body.admin);
  if (!consumeTemporaryCredential(db, credential.id, user.id)) throw new AppError('TEMPORARY_PASSWORD_INVALID');
  return { ...user, must_change_password: 1 };
}

/** The SPEC answer of a login: token and user; the token also goes into the web's cookie. */
export function sessionResponse(app: FastifyInstance, reply: FastifyReply, user: DbAuthUser): LoginResponse {
  const token = issueToken(app, reply, { id: user.id, isAdmin: user.is_admin === 1, user_name: user.user_name, roleId: user.role_id, tv: user.token_version });
  return {
    token,
    user: { id: user.id, user_name: user.user_name, is_admin: user.is_admin === 1, roleId: user.role_id },
    mustChangePassword: user.must_change_password === 1,
  };
}

/** Sets the user's new password; every older token of theirs stops working. Answers the new token_version. */
export async function changePassword(db: Db, userId: number, password: string): Promise<number> {
  const passwordHash = await limitedHashPassword(password);
  const tokenVersion = setPassword(db, userId, passwordHash);
  if (tokenVersion === undefined) throw new AppError('UNAUTHORIZED');
  return tokenVersion;
}

/** A fresh one-time password for a user who forgot theirs; only its hash is kept. */
export async function issueTemporaryPassword(db: Db, userId: number, issuedBy: number): Promise<{ password: string; expiresAt: string }> {
  const password = generatePassword();
  const expiresAt = new Date(Date.now() + TEMPORARY_PASSWORD_TTL_MS).toISOString();
  replaceTemporaryCredential(db, { userId, passwordHash: await limitedHashPassword(password), issuedBy, expiresAt });
  return { password, expiresAt };
}
