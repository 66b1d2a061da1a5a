import type { Db } from '../../db/connection.ts';
import { prepared } from '../../db/statements.ts';

export interface DbAuthUser {
  id: number;
  user_name: string;
  password_hash: string;
  is_admin: number;
  role_id: number;
  blocked: number;
  must_change_password: number;
  token_version: number;
  /** random per account, carried by its tokens (modules/auth/session.plugin.ts) */
  account_key: string;
  denied: number;
  /** the profile picture, when there is one (the session answers carry its address) */
  image_sha256: string | null;
}

const AUTH_USER_COLUMNS = `u.id, u.user_name, u.password_hash, u.is_admin, u.role_id, u.blocked, u.must_change_password,
  u.token_version, u.account_key, u.image_sha256, EXISTS (SELECT 1 FROM denied_users d WHERE d.user_id = u.id) AS denied`;

export function findAuthUserById(db: Db, id: number): DbAuthUser | undefined {
  return prepared<[number], DbAuthUser>(db, `SELECT ${AUTH_USER_COLUMNS} FROM users u WHERE u.id = ?`).get(id);
}

export function findAuthUserByName(db: Db, userName: string): DbAuthUser | undefined {
  return db.prepare<[string], DbAuthUser>(`SELECT ${AUTH_USER_COLUMNS} FROM users u WHERE u.user_name = ?`).get(userName);
}

export function isTokenRevoked(db: Db, jti: string): boolean {
  return prepared<[string]>(db, 'SELECT 1 FROM revoked_tokens WHERE jti = ?').get(jti) !== undefined;
}

/** Logged-out tokens are kept only until they would have expired anyway. */
export function revokeToken(db: Db, jti: string, expiresAt: number): void {
  db.prepare('INSERT OR IGNORE INTO revoked_tokens (jti, expires_at) VALUES (?, ?)').run(jti, expiresAt);
  db.prepare('DELETE FROM revoked_tokens WHERE expires_at < ?').run(Math.floor(Date.now() / 1000));
}

const nowIso = (): string => new Date().toISOString();

export interface DbTemporaryCredential {
  id: number;
  password_hash: string;
}

/** The one usable temporary password of a user: not used, not expired. */
export function findActiveTemporaryCredential(db: Db, userId: number, now: string = nowIso()): DbTemporaryCredential | undefined {
  return db
    .prepare<[number, string], DbTemporaryCredential>(
      `SELECT id, password_hash FROM temporary_credentials
       WHERE user_id = ? AND used_at IS NULL AND expires_at > ? ORDER BY id DESC LIMIT 1`,
    )
    .get(userId, now);
}

/**
 * Marks a temporary password used and the user as having to set a new one, in
 * one transaction. False when someone else used it first (two logins racing).
 */
export function consumeTemporaryCredential(db: Db, credentialId: number, userId: number): boolean {
  return db.transaction(() => {
    const used = db.prepare('UPDATE temporary_credentials SET used_at = ? WHERE id = ? AND user_id = ? AND used_at IS NULL').run(nowIso(), credentialId, userId);
    if (used.changes !== 1) return false;
    db.prepare("UPDATE users SET must_change_password = 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").run(userId);
    return true;
  })();
}

/**
 * A new temporary password replaces any unused one; used ones stay as a record
 * of who issued what. It also bumps token_version: an admin resets a password
 * when its owner lost it, or someone else may know it, so every session the
 * account has open ends with it.
 */
export function replaceTemporaryCredential(db: Db, input: { userId: number; passwordHash: string; issuedBy: number; expiresAt: string }): void {
  db.transaction(() => {
    db.prepare('DELETE FROM temporary_credentials WHERE user_id = ? AND used_at IS NULL').run(input.userId);
    db.prepare("UPDATE users SET token_version = token_version + 1, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").run(input.userId);
    db.prepare('INSERT INTO temporary_credentials (user_id, password_hash, issued_by, expires_at) VALUES (?, ?, ?, ?)').run(
      input.userId,
      input.passwordHash,
      input.issuedBy,
      input.expiresAt,
    );
  })();
}

/**
 * Sets a new password, clears the forced change and bumps token_version so
 * every token issued before stops working. Answers the new token_version.
 */
export function setPassword(db: Db, userId: number, passwordHash: string): number | undefined {
  return db.transaction(() => {
    // a temporary password still waiting is no longer needed once the user chose their own
    db.prepare('DELETE FROM temporary_credentials WHERE user_id = ? AND used_at IS NULL').run(userId);
    return db
      .prepare<[string, number], { token_version: number }>(
        `UPDATE users SET password_hash = ?, must_change_password = 0, token_version = token_version + 1,
           updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')
         WHERE id = ? RETURNING token_version`,
      )
      .get(passwordHash, userId)?.token_version;
  })();
}
