import type { Db } from '../../db/connection.ts';

export interface DbIdempotencyKey {
  fingerprint: string;
  status: number;
  body: string;
}

export function findIdempotencyKey(db: Db, userId: number, key: string): DbIdempotencyKey | undefined {
  return db.prepare<[number, string], DbIdempotencyKey>('SELECT fingerprint, status, body FROM idempotency_keys WHERE user_id = ? AND key = ?').get(userId, key);
}

export function saveIdempotencyKey(db: Db, k: { userId: number; key: string; fingerprint: string; status: number; body: string }): void {
  db.prepare('INSERT INTO idempotency_keys (user_id, key, fingerprint, status, body) VALUES (@userId, @key, @fingerprint, @status, @body)').run(k);
}

export function deleteIdempotencyKeysBefore(db: Db, before: string): number {
  return db.prepare('DELETE FROM idempotency_keys WHERE created_at < ?').run(before).changes;
}
