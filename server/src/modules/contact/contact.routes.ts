import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  CONTACT_MESSAGES_PER_PAGE,
  ContactMessagePageSchema,
  ContactReceiptSchema,
  CreateContactMessageSchema,
  ErrorBodySchema,
} from '@kit/contract';
import { Type } from 'typebox';
import { requireAdmin } from '../../access/guards.ts';
import { findContactMessages, insertContactMessage } from './contact.repo.ts';
import { pageOf } from '../../paging.ts';

const errors = { '4xx': ErrorBodySchema, '5xx': ErrorBodySchema };

/**
 * The contact form of the help menu (docs/PRODUCT.md#contact): anyone may write, logged in or
 * not; admins read the messages in the admin area.
 */
export const contactRoutes: FastifyPluginAsyncTypebox = async (app) => {
  // Messages per address are limited with every other write (plugins/write-rates.ts).
  app.post('/v2/contact', { schema: { body: CreateContactMessageSchema, response: { 201: ContactReceiptSchema, ...errors } } }, async (request, reply) => {
    const id = insertContactMessage(app.db, {
      userId: request.viewer?.id ?? null,
      name: request.body.name.trim(),
      replyTo: request.body.replyTo.trim(),
      message: request.body.message.trim(),
    });
    request.log.info({ contactMessageId: id }, 'contact message stored');
    return reply.code(201).send({ id });
  });

  app.get(
    '/v2/admin/contact-messages',
    {
      preHandler: requireAdmin,
      schema: {
        querystring: Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })) }),
        response: { 200: ContactMessagePageSchema, ...errors },
      },
    },
    async (request) => {
      const page = request.query.page ?? 1;
      const offset = (page - 1) * CONTACT_MESSAGES_PER_PAGE;
      const { rows, total } = findContactMessages(app.db, CONTACT_MESSAGES_PER_PAGE, offset);
      const data = rows.map((row) => ({
        id: row.id,
        name: row.name,
        replyTo: row.reply_to,
        message: row.message,
        user: row.user_id !== null && row.user_name !== null ? { id: row.user_id, user_name: row.user_name } : null,
        createdAt: row.created_at,
      }));
      return pageOf(data, total, page, CONTACT_MESSAGES_PER_PAGE);
    },
  );
};
