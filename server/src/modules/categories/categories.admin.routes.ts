import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CategoryIdParamsSchema,
  CategoryWriteResponseSchema,
  ChangeParentSchema,
  CreateCategorySchema,
  ErrorResponses,
  MoveBeforeSchema,
  OkSchema,
  SortCategoriesResponseSchema,
  SortCategoriesSchema,
  UpdateCategorySchema,
} from '@kit/contract';
import { requireAdmin } from '../../access/guards.ts';
import { changeParent, createCategory, deleteCategory, moveBefore, sortCategories, updateCategory } from './categories.admin.service.ts';

/** Admin only; checked before the body is read. */
const admin = { onRequest: requireAdmin, config: { admin: true } } as const;

/** Categories, write side (docs/API-admin.md), at the exact paths. */
export const categoriesAdminRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/content/type/create', { ...admin, schema: { body: CreateCategorySchema, response: { 201: CategoryWriteResponseSchema, ...ErrorResponses } } }, async (request, reply) => {
    const out = createCategory(app.db, request.body);
    request.log.info({ categoryId: out.data.id, by: request.viewer?.id }, 'category created');
    return reply.code(201).send(out);
  });

  app.put(
    '/content/type/:id/update',
    { ...admin, schema: { params: CategoryIdParamsSchema, body: UpdateCategorySchema, response: { 200: CategoryWriteResponseSchema, ...ErrorResponses } } },
    async (request) => updateCategory(app.db, request.params.id, request.body),
  );

  app.put(
    '/v2/categories/:id/change-parent',
    { ...admin, schema: { params: CategoryIdParamsSchema, body: ChangeParentSchema, response: { 200: CategoryWriteResponseSchema, ...ErrorResponses } } },
    async (request) => changeParent(app.db, request.params.id, request.body.newParentId),
  );

  app.put('/content/type/sort', { ...admin, schema: { body: SortCategoriesSchema, response: { 200: SortCategoriesResponseSchema, ...ErrorResponses } } }, async (request) => ({
    newCategories: sortCategories(app.db, request.body.order),
  }));

  app.post(
    '/v2/categories/:id/move-before',
    { ...admin, schema: { params: CategoryIdParamsSchema, body: MoveBeforeSchema, response: { 200: CategoryWriteResponseSchema, ...ErrorResponses } } },
    async (request) => moveBefore(app.db, request.params.id, request.body.refCategoryId),
  );

  app.delete('/content/type/:id/delete', { ...admin, schema: { params: CategoryIdParamsSchema, response: { 200: OkSchema, ...ErrorResponses } } }, async (request) => {
    deleteCategory(app.db, request.params.id);
    request.log.info({ categoryId: request.params.id, by: request.viewer?.id }, 'category deleted');
    return { ok: true as const };
  });
};
