import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBodySchema, LoginBodySchema, LoginResponseSchema, OkSchema, SessionResponseSchema } from '@kit/contract';
import { AppError } from '../../errors.ts';
import { issueToken, TOKEN_COOKIE } from '../../plugins/auth.ts';
import { findAuthUserByName, revokeToken } from './auth.repo.ts';
import { verifyPassword } from './password.ts';

/** POST /api/auth (login) and POST /api/deauth (logout). */
export const authRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post(
    '/auth',
    { schema: { body: LoginBodySchema, response: { 200: LoginResponseSchema, '4xx': ErrorBodySchema } } },
    async (request, reply) => {
      const { user_name, password, admin } = request.body;
      const user = findAuthUserByName(app.db, user_name.trim());
      // Same answer for an unknown user and a wrong password: names are not for guessing.
      if (!user || !(await verifyPassword(password, user.password_hash))) throw new AppError('BAD_CREDENTIALS');
      if (user.blocked) throw new AppError('USER_BLOCKED');
      if (admin && (!user.is_admin || user.denied)) throw new AppError('NOT_ADMIN', { reason: 'unauthorized' });
      const token = issueToken(app, reply, { id: user.id, isAdmin: user.is_admin === 1, user_name: user.user_name, roleId: user.role_id, tv: user.token_version });
      request.log.info({ userId: user.id, admin: Boolean(admin) }, 'login');
      return {
        token,
        user: { id: user.id, user_name: user.user_name, is_admin: user.is_admin === 1, roleId: user.role_id },
        mustChangePassword: user.must_change_password === 1,
      };
    },
  );

  // The web's cookie is HttpOnly, so the page asks who it is; a refused token is a 401 (SPEC §4: log out).
  app.get('/v2/session', { schema: { response: { 200: SessionResponseSchema, '4xx': ErrorBodySchema } } }, async (request) => {
    if (request.tokenRejected) throw new AppError('TOKEN_EXPIRED');
    const v = request.viewer;
    return {
      user: v ? { id: v.id, user_name: v.user_name, is_admin: v.isAdmin, roleId: v.roleId } : null,
      mustChangePassword: v?.mustChangePassword ?? false,
    };
  });

  // Logout always succeeds for the caller (SPEC §4 clears the session even if the call fails);
  // a valid token is also revoked on the server so a copy of it stops working.
  app.post('/deauth', { schema: { response: { 200: OkSchema } } }, async (request, reply) => {
    if (request.tokenClaims) revokeToken(app.db, request.tokenClaims.jti, request.tokenClaims.exp);
    void reply.clearCookie(TOKEN_COOKIE, { path: '/' });
    return { ok: true as const };
  });
};
