import type { Db } from '../../db/connection.ts';

/** SQL of a hub's enrolment tokens (sync_enrolment_tokens) and the kits they enrolled (sync_enrolments). */

export interface DbEnrolmentToken {
  id: number;
  secret_sha256: string;
  label: string;
  uses_total: number;
  uses_left: number;
  expires_at: string;
  revoked_at: string | null;
  created_at: string;
}

export function insertEnrolmentToken(db: Db, t: { secretSha256: string; label: string; uses: number; expiresAt: string; createdBy: number | null }): DbEnrolmentToken {
  const { lastInsertRowid } = db
    .prepare('INSERT INTO sync_enrolment_tokens (secret_sha256, label, uses_total, uses_left, expires_at, created_by) VALUES (?, ?, ?, ?, ?, ?)')
    .run(t.secretSha256, t.label, t.uses, t.uses, t.expiresAt, t.createdBy);
  return db.prepare('SELECT * FROM sync_enrolment_tokens WHERE id = ?').get(lastInsertRowid) as DbEnrolmentToken;
}

export function allEnrolmentTokens(db: Db): DbEnrolmentToken[] {
  return db.prepare('SELECT * FROM sync_enrolment_tokens ORDER BY id DESC').all() as DbEnrolmentToken[];
}

export function enrolmentTokenBySecret(db: Db, secretSha256: string): DbEnrolmentToken | undefined {
  return db.prepare('SELECT * FROM sync_enrolment_tokens WHERE secret_sha256 = ?').get(secretSha256) as DbEnrolmentToken | undefined;
}

/** false when there is no such token (a revoked one stays revoked at its first time). */
export function revokeEnrolmentToken(db: Db, id: number, at: string): boolean {
  return db.prepare('UPDATE sync_enrolment_tokens SET revoked_at = coalesce(revoked_at, ?) WHERE id = ?').run(at, id).changes > 0;
}

/** The token that enrolled this kit, if one did. */
export function enrolmentOfKit(db: Db, keyId: string): { token_id: number } | undefined {
  return db.prepare('SELECT token_id FROM sync_enrolments WHERE key_id = ?').get(keyId) as { token_id: number } | undefined;
}

/** Takes one use of the token for the kit; false when none is left (the check and the update are one statement). */
export function consumeEnrolmentToken(db: Db, tokenId: number, kit: { keyId: string; kitName: string; proof: string }): boolean {
  if (db.prepare('UPDATE sync_enrolment_tokens SET uses_left = uses_left - 1 WHERE id = ? AND uses_left > 0').run(tokenId).changes === 0) return false;
  db.prepare('INSERT OR REPLACE INTO sync_enrolments (key_id, token_id, kit_name, proof) VALUES (?, ?, ?, ?)').run(kit.keyId, tokenId, kit.kitName, kit.proof);
  return true;
}

/** Every kit a token enrolled, with the proof it was answered. */
export function allEnrolments(db: Db): { key_id: string; proof: string }[] {
  return db.prepare('SELECT key_id, proof FROM sync_enrolments ORDER BY key_id').all() as { key_id: string; proof: string }[];
}
