import type { Db } from '../../db/connection.ts';

export interface DbAuthUser {
  id: number;
  user_name: string;
  password_hash: string;
  is_admin: number;
  role_id: number;
  blocked: number;
  must_change_password: number;
  token_version: number;
  denied: number;
}

const AUTH_USER_COLUMNS = `u.id, u.user_name, u.password_hash, u.is_admin, u.role_id, u.blocked, u.must_change_password,
  u.token_version, EXISTS (SELECT 1 FROM denied_users d WHERE d.user_id = u.id) AS denied`;

export function findAuthUserById(db: Db, id: number): DbAuthUser | undefined {
  return db.prepare<[number], DbAuthUser>(`SELECT ${AUTH_USER_COLUMNS} FROM users u WHERE u.id = ?`).get(id);
}

export function findAuthUserByName(db: Db, userName: string): DbAuthUser | undefined {
  return db.prepare<[string], DbAuthUser>(`SELECT ${AUTH_USER_COLUMNS} FROM users u WHERE u.user_name = ?`).get(userName);
}

export function isTokenRevoked(db: Db, jti: string): boolean {
  return db.prepare('SELECT 1 FROM revoked_tokens WHERE jti = ?').get(jti) !== undefined;
}

/** Logged-out tokens are kept only until they would have expired anyway. */
export function revokeToken(db: Db, jti: string, expiresAt: number): void {
  db.prepare('INSERT OR IGNORE INTO revoked_tokens (jti, expires_at) VALUES (?, ?)').run(jti, expiresAt);
  db.prepare('DELETE FROM revoked_tokens WHERE expires_at < ?').run(Math.floor(Date.now() / 1000));
}
