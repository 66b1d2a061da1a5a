import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import {
  ChangePasswordSchema,
  ErrorBodySchema,
  ErrorResponses,
  LoginBodySchema,
  LoginResponseSchema,
  OkSchema,
  SessionResponseSchema,
  TMP_LOGIN_COOKIE,
} from '@kit/contract';
import { AppError } from '../../errors.ts';
import { requireUser } from '../../access/guards.ts';
import { TOKEN_COOKIE, TOKEN_TTL_SECONDS } from './session.plugin.ts';
import { changePassword, checkPasswordLogin, checkTemporaryLogin, currentSession, endSession, sessionResponse, type LoginOrigin } from './auth.service.ts';
import { dummyPasswordHash } from './hash-limiter.ts';
import { LoginThrottle } from './login-throttle.ts';
import { retryAfterOnError } from './retry-after.ts';

/**
 * POST /api/auth (login), POST /api/v3/authTemporary (temporary-credentials
 * login), POST /api/deauth (logout), GET /api/v2/session, PUT /api/v3/users/password.
 */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // one per app: failures are counted in memory, per account, per address and per both
  const throttle = new LoginThrottle();
  app.addHook('onError', retryAfterOnError);
  // made now (once per process), so not even the first unknown name pays for it
  await dummyPasswordHash();

  const originOf = (request: FastifyRequest): LoginOrigin => ({ address: request.ip, knows: (accountKey) => app.knownDevices.knows(request, accountKey) });

  const loginSchema = { body: LoginBodySchema, response: { 200: LoginResponseSchema, ...ErrorResponses } };

  app.post('/auth', { schema: loginSchema }, async (request, reply) => {
    const user = await checkPasswordLogin(app.db, throttle, request.body, originOf(request));
    request.log.info({ userId: user.id, admin: Boolean(request.body.admin) }, 'login');
    return sessionResponse(app, reply, user);
  });

  // docs/PRODUCT.md#temporary-login: "same as /auth", with the one-time password an admin issued. The
  // answer says mustChangePassword: true and a JS-readable tmp_login cookie
  // tells the web to force the "Cambio de contraseña" modal.
  app.post('/v3/authTemporary', { schema: loginSchema }, async (request, reply) => {
    const user = await checkTemporaryLogin(app.db, throttle, request.body, originOf(request));
    request.log.info({ userId: user.id }, 'temporary login');
    void reply.setCookie(TMP_LOGIN_COOKIE, '1', {
      path: '/',
      httpOnly: false,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: TOKEN_TTL_SECONDS,
    });
    return sessionResponse(app, reply, user, { temporary: true });
  });

  // The web's cookie is HttpOnly, so the page asks who it is; a refused token is a 401 (docs/PRODUCT.md#session: log out).
  app.get('/v2/session', { schema: { response: { 200: SessionResponseSchema, '4xx': ErrorBodySchema } } }, async (request) => {
    if (request.tokenRejected) throw new AppError('TOKEN_EXPIRED');
    return currentSession(app.db, request.viewer);
  });

  // Logout always succeeds for the caller (docs/PRODUCT.md#session clears the session even if the call fails);
  // a valid token is also revoked on the server so a copy of it stops working.
  app.post('/deauth', { schema: { response: { 200: OkSchema } } }, async (request, reply) => {
    if (request.tokenClaims) endSession(app.db, request.tokenClaims);
    void reply.clearCookie(TOKEN_COOKIE, { path: '/' });
    return { ok: true as const };
  });

  // The caller's own new password (docs/PRODUCT.md#password-rules: at least 6 characters), with proof
  // that the caller is the owner now (auth.service.ts changePassword). The only
  // write allowed while a temporary password must be replaced. Every other
  // session of the user ends; the caller gets a fresh token and cookie.
  app.put(
    '/v3/users/password',
    {
      preHandler: requireUser,
      config: { allowPendingPasswordChange: true },
      schema: { body: ChangePasswordSchema, response: { 200: LoginResponseSchema, ...ErrorResponses } },
    },
    async (request, reply) => {
      if (!request.viewer || !request.tokenClaims) throw new AppError('UNAUTHORIZED');
      const user = await changePassword(app.db, throttle, {
        userId: request.viewer.id,
        token: request.tokenClaims,
        password: request.body.password,
        currentPassword: request.body.currentPassword,
        origin: originOf(request),
      });
      request.log.info({ userId: user.id }, 'password changed');
      void reply.clearCookie(TMP_LOGIN_COOKIE, { path: '/' });
      return sessionResponse(app, reply, user);
    },
  );
};

