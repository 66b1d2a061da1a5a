import { CONTACT_MESSAGES_PER_PAGE, type ContactMessagePage, type CreateContactMessage } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { pageOf, pageRequest, type PageQuery } from '../../paging.ts';
import { findContactMessages, insertContactMessage } from './contact.repo.ts';

/** Stores a message from the contact form, trimmed; the writer's account when logged in. */
export function storeContactMessage(db: Db, userId: number | null, body: CreateContactMessage): number {
  return insertContactMessage(db, { userId, name: body.name.trim(), replyTo: body.replyTo.trim(), message: body.message.trim() });
}

/** The messages for the admins, newest first, a page at a time. */
export function contactMessagesPage(db: Db, query: PageQuery): ContactMessagePage {
  const { page, perPage, offset } = pageRequest({ page: query.page }, CONTACT_MESSAGES_PER_PAGE);
  const { rows, total } = findContactMessages(db, perPage, offset);
  const data = rows.map((row) => ({
    id: row.id,
    name: row.name,
    replyTo: row.reply_to,
    message: row.message,
    user: row.user_id !== null && row.user_name !== null ? { id: row.user_id, user_name: row.user_name } : null,
    createdAt: row.created_at,
  }));
  return pageOf(data, total, page, perPage);
}
