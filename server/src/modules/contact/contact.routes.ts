import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  ContactMessagePageSchema,
  ContactReceiptSchema,
  CreateContactMessageSchema,
  ErrorResponses,
} from '@kit/contract';
import { Type } from 'typebox';
import { requireAdmin } from '../../access/guards.ts';
import { contactMessagesPage, storeContactMessage } from './contact.service.ts';

/**
 * The contact form of the help menu (docs/PRODUCT.md#contact): anyone may write, logged in or
 * not; admins read the messages in the admin area.
 */
export const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Messages per address are limited with every other write (plugins/write-rates.ts).
  app.post('/v2/contact', { schema: { body: CreateContactMessageSchema, response: { 201: ContactReceiptSchema, ...ErrorResponses } } }, async (request, reply) => {
    const id = storeContactMessage(app.db, request.viewer?.id ?? null, request.body);
    request.log.info({ contactMessageId: id }, 'contact message stored');
    return reply.code(201).send({ id });
  });

  app.get(
    '/v2/admin/contact-messages',
    {
      preHandler: requireAdmin,
      schema: {
        querystring: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })) }),
        response: { 200: ContactMessagePageSchema, ...ErrorResponses },
      },
    },
    async (request) => contactMessagesPage(app.db, request.query),
  );
};
