import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponses, OkSchema, QueryUsersSchema, TemporaryCredentialsSchema, UserIdParamsSchema, UserPageSchema, UserSchema } from '@kit/contract';
import { requireAdmin } from '../../access/guards.ts';
import { issueTemporaryPassword } from '../auth/auth.service.ts';
import { deleteUser, getUserOr404, setUserAdmin, setUserBlocked, toWireUser, userSearchPage } from './users.service.ts';
import { viewerOf } from '../../access/privilege.ts';

/**
 * User administration under /api/v2/admin/users (docs/API-accounts.md
 * "Administration"). Every route checks
 * isAdmin and the denied-users list on the server (requireAdmin).
 */
export const usersAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.addHook('preHandler', requireAdmin);

  // Every user, blocked ones included, with their private fields; q filters like the public search.
  app.get('/v2/admin/users', { schema: { querystring: QueryUsersSchema, response: { 200: UserPageSchema, ...ErrorResponses } } }, async (request) => {
    return userSearchPage(app.db, request.query, request.viewer, true);
  });

  // Resources, reports and ads stay without an owner; comments, favourites and playlists go.
  app.delete('/v2/admin/users/:userId', { schema: { params: UserIdParamsSchema, response: { 200: OkSchema, ...ErrorResponses } } }, async (request) => {
    deleteUser(app.db, viewerOf(request), request.params.userId);
    request.log.info({ userId: request.params.userId, by: request.viewer?.id }, 'user deleted');
    return { ok: true as const };
  });

  const userChange = { schema: { params: UserIdParamsSchema, response: { 200: UserSchema, ...ErrorResponses } } };

  // PUT sets a flag, DELETE clears it: block/unblock and make/unmake admin.
  const toggles = [
    { path: 'block', set: setUserBlocked, logged: ['user blocked', 'user unblocked'] },
    { path: 'admin', set: setUserAdmin, logged: ['admin granted', 'admin revoked'] },
  ] as const;
  for (const { path, set, logged } of toggles) {
    for (const on of [true, false]) {
      const method = on ? app.put.bind(app) : app.delete.bind(app);
      method(`/v2/admin/users/:userId/${path}`, userChange, async (request) => {
        const viewer = viewerOf(request);
        request.log.info({ userId: request.params.userId, by: viewer.id }, logged[on ? 0 : 1]);
        return toWireUser(set(app.db, viewer, request.params.userId, on), viewer);
      });
    }
  }

  // A one-time password the admin reads to the user (no e-mail in a village). It
  // replaces any unused one, works once at /login/temporary within 24 hours, and
  // the user must then choose a new password. Only its hash is stored.
  app.post(
    '/v2/admin/users/:userId/temporary-credentials',
    { schema: { params: UserIdParamsSchema, response: { 200: TemporaryCredentialsSchema, ...ErrorResponses } } },
    async (request, reply) => {
      const viewer = viewerOf(request);
      const user = getUserOr404(app.db, request.params.userId);
      const { password, expiresAt } = await issueTemporaryPassword(app.db, user.id, viewer.id);
      request.log.info({ userId: user.id, by: viewer.id }, 'temporary credentials issued');
      void reply.header('Cache-Control', 'no-store');
      return { user_id: user.id, user_name: user.user_name, password, expiresAt };
    },
  );
};
