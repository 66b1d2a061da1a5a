import type { Db } from '../../db/connection.ts';

export interface DbContactMessage {
  id: number;
  user_id: number | null;
  user_name: string | null;
  name: string;
  reply_to: string;
  message: string;
  created_at: string;
}

export interface NewContactMessage {
  userId: number | null;
  name: string;
  replyTo: string;
  message: string;
}

export function insertContactMessage(db: Db, message: NewContactMessage): number {
  const result = db
    .prepare('INSERT INTO contact_messages (user_id, name, reply_to, message) VALUES (@userId, @name, @replyTo, @message)')
    .run(message);
  return Number(result.lastInsertRowid);
}

/** Newest first. */
export function findContactMessages(db: Db, limit: number, offset: number): { rows: DbContactMessage[]; total: number } {
  const total = db.prepare<[], { n: number }>('SELECT count(*) AS n FROM contact_messages').get()?.n ?? 0;
  const rows = db
    .prepare<[number, number], DbContactMessage>(
      `SELECT c.id, c.user_id, u.user_name, c.name, c.reply_to, c.message, c.created_at
       FROM contact_messages c LEFT JOIN users u ON u.id = c.user_id
       ORDER BY c.created_at DESC, c.id DESC LIMIT ? OFFSET ?`,
    )
    .all(limit, offset);
  return { rows, total };
}
