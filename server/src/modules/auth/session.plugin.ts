import { randomUUID } from 'node:crypto';
import fastifyJwt from '@fastify/jwt';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hostOf, UNSAFE_METHODS } from '../../access/guards.ts';
import { AppError } from '../../errors.ts';
import type { Db } from '../../db/connection.ts';
import type { Viewer } from '../../access/viewer.ts';
import { findAuthUserById, isTokenRevoked, type DbAuthUser } from './auth.repo.ts';
import { KnownDevices } from './known-device.ts';
import { loadOrCreateSecret } from './secret.ts';

declare module 'fastify' {
  interface FastifyInstance {
    /** the phones each account logged in from (known-device.ts) */
    knownDevices: KnownDevices;
  }
  interface FastifyContextConfig {
    /**
     * a route that takes no credentials (signed envelopes any page may post
     * across origins, docs/SYNC.md): its cookie and token are never read, so
     * it runs as anonymous and there is no session for a forged request to ride
     */
    credentialless?: boolean;
  }
}

export const TOKEN_COOKIE = 'kp_token';
export const TOKEN_TTL_SECONDS = 30 * 24 * 3600;
/** Our web client sends it on every call; a cross-site form or image cannot. */
export const CSRF_HEADER = 'x-requested-with';

interface TokenClaims {
  id: number;
  isAdmin: boolean;
  user_name: string;
  roleId: number;
  /** the user's token_version when issued: bumping it revokes every older token */
  tv: number;
  /**
   * the account's random key (users.account_key): a token names one account,
   * not an id, so an id that comes back (a restored backup, a copied database)
   * never revives an older account's tokens
   */
  acc: string;
  /** when the person last proved they know the password (unix seconds): a login, a registration, a password change */
  auth_time: number;
  /** issued by the temporary-credentials login */
  tmp?: true;
  jti: string;
  exp: number;
}

function bearerToken(request: FastifyRequest): string | undefined {
  const header = request.headers.authorization;
  return header?.startsWith('Bearer ') ? header.slice(7).trim() : undefined;
}

/**
 * Who is calling. A token (Bearer header, or the HttpOnly cookie the web
 * uses) counts only if its signature is ours (HS256 only, so `alg:none` and
 * key-confusion tricks fail), it has not expired or been logged out, and its
 * account still exists (same id *and* account key), is not blocked and has
 * not had its tokens revoked.
 */
async function authPlugin(app: FastifyInstance): Promise<void> {
  const secret = loadOrCreateSecret(app.config.dataDir);
  app.decorate('knownDevices', new KnownDevices(secret));
  await app.register(fastifyJwt, {
    secret,
    sign: { algorithm: 'HS256', expiresIn: TOKEN_TTL_SECONDS },
    verify: { algorithms: ['HS256'] },
  });

  app.decorateRequest('tokenClaims', null);

  app.addHook('onRequest', async (request) => {
    if (request.routeOptions.config?.credentialless) return;
    const fromHeader = bearerToken(request);
    const token = fromHeader ?? request.cookies[TOKEN_COOKIE];
    if (UNSAFE_METHODS.has(request.method)) refuseCrossSite(request, fromHeader === undefined && token !== undefined);
    if (!token) return;
    let claims: TokenClaims;
    try {
      claims = app.jwt.verify<TokenClaims>(token);
    } catch {
      request.tokenRejected = true;
      return;
    }
    const user = findAuthUserById(app.db, claims.id);
    if (!user || user.account_key !== claims.acc || user.blocked || user.token_version !== claims.tv || isTokenRevoked(app.db, claims.jti)) {
      request.tokenRejected = true;
      return;
    }
    request.tokenClaims = { jti: claims.jti, exp: claims.exp, authTime: claims.auth_time, temporaryLogin: claims.tmp === true };
    request.viewer = viewerOf(user);
  });
}

/** An account as credentials check it: its token version and key end every credential signed before a change. */
export type Account = DbAuthUser;

/** The account with this id, unless it is gone or blocked (credentials other than a session check it too). */
export function accountOf(db: Db, id: number): Account | undefined {
  const user = findAuthUserById(db, id);
  return user && !user.blocked ? user : undefined;
}

/** The caller an account is, as every route sees it. */
export const viewerOf = (user: DbAuthUser): Viewer => ({
  id: user.id,
  isAdmin: user.is_admin === 1,
  user_name: user.user_name,
  roleId: user.role_id,
  denied: user.denied === 1,
  mustChangePassword: user.must_change_password === 1,
});

/**
 * Cross-site request forgery: a state change must come from our own origin.
 * Browsers say where a request comes from (Sec-Fetch-Site, Origin); and when
 * only the cookie authenticates, our custom header must be present, which no
 * cross-site form can add and no cross-origin script can send without a CORS
 * preflight we never grant.
 */
function refuseCrossSite(request: FastifyRequest, cookieOnly: boolean): void {
  const site = request.headers['sec-fetch-site'];
  const origin = request.headers.origin;
  const crossSite = (site !== undefined && site !== 'same-origin' && site !== 'none') || (origin !== undefined && hostOf(origin) !== hostOf(`${request.protocol}://${request.host}`));
  if (crossSite || (cookieOnly && request.headers[CSRF_HEADER] === undefined)) {
    throw new AppError('CSRF_REJECTED');
  }
}

export const registerAuth = fp(authPlugin, { name: 'auth' });

export interface TokenSubject {
  id: number;
  is_admin: number;
  user_name: string;
  role_id: number;
  token_version: number;
  account_key: string;
}

/** How the person proved who they are just now: when, and whether with a temporary password. */
export interface TokenProof {
  authTime: number;
  temporary?: boolean;
}

/** A signed token for an account row (its claims are checked against the row on every request). */
export function signToken(app: FastifyInstance, user: TokenSubject, proof: TokenProof): string {
  const claims: Omit<TokenClaims, 'exp'> = {
    id: user.id,
    isAdmin: user.is_admin === 1,
    user_name: user.user_name,
    roleId: user.role_id,
    tv: user.token_version,
    acc: user.account_key,
    auth_time: proof.authTime,
    ...(proof.temporary ? { tmp: true as const } : {}),
    jti: randomUUID(),
  };
  return app.jwt.sign(claims);
}

/**
 * Issues a token for a user and sets the web's cookie with it. Every token
 * follows a proof of the password, so the phone becomes known to the account.
 */
export function issueToken(app: FastifyInstance, reply: FastifyReply, user: TokenSubject, proof: TokenProof): string {
  const token = signToken(app, user, proof);
  void reply.setCookie(TOKEN_COOKIE, token, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: reply.request.protocol === 'https',
    maxAge: TOKEN_TTL_SECONDS,
  });
  app.knownDevices.remember(reply.request, reply, user.account_key);
  return token;
}
