import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CommentPageSchema,
  CommentSchema,
  CreateCommentSchema,
  ErrorResponses,
  IdempotencyHeadersSchema,
  IdParamsSchema,
  OkSchema,
  QueryCommentsSchema,
  ResourceIdParamsSchema,
} from '@kit/contract';
import { requireUser } from '../../access/guards.ts';
import { idempotent } from '../idempotency/idempotency.service.ts';
import { viewerOf } from '../../access/privilege.ts';
import { commentsPage, createComment, removeComment } from './comments.service.ts';

/** Comments (docs/API-contributions.md "Comments"): under a resource, newest first, plain text. */
export const commentsRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { db } = app;

  app.get(
    '/comments/:resourceId',
    { schema: { params: ResourceIdParamsSchema, querystring: QueryCommentsSchema, response: { 200: CommentPageSchema, ...ErrorResponses } } },
    async (request) => commentsPage(db, request.params.resourceId, request.query, request.viewer),
  );

  app.post(
    '/comment/create',
    { preHandler: requireUser, schema: { headers: IdempotencyHeadersSchema, body: CreateCommentSchema, response: { 201: CommentSchema, ...ErrorResponses } } },
    async (request, reply) =>
      idempotent(request, reply, 201, () => {
        const comment = createComment(db, viewerOf(request), request.body.content_id, request.body.comment);
        request.log.info({ commentId: comment.id, resourceId: comment.content_id }, 'comment created');
        return comment;
      }),
  );

  app.post(
    '/comment/delete/:id',
    { preHandler: requireUser, schema: { params: IdParamsSchema, headers: IdempotencyHeadersSchema, response: { 200: OkSchema, ...ErrorResponses } } },
    async (request, reply) =>
      idempotent(request, reply, 200, () => {
        removeComment(db, viewerOf(request), request.params.id);
        request.log.info({ commentId: request.params.id }, 'comment deleted');
        return { ok: true as const };
      }),
  );
};
