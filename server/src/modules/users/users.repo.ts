import { foldText } from '@kit/contract';
import type { Db } from '../../db/connection.ts';

/** A users row as the accounts feature reads it, with its picture's media row and the denied flag. */
export interface DbUser {
  id: number;
  user_name: string;
  name: string;
  last_name: string;
  email: string | null;
  gender: number | null;
  born_date: string | null;
  instruction_degree: string | null;
  occupation: string | null;
  code_phone: string | null;
  phone_number: string | null;
  others: string | null;
  image_sha256: string | null;
  image_ext: string | null;
  image_mime: string | null;
  image_size: number | null;
  image_width: number | null;
  image_height: number | null;
  is_admin: number;
  role_id: number;
  blocked: number;
  must_change_password: number;
  token_version: number;
  profile_views: number;
  created_at: string;
  denied: number;
}

const USER_SELECT = `SELECT u.id, u.user_name, u.name, u.last_name, u.email, u.gender, u.born_date, u.instruction_degree,
  u.occupation, u.code_phone, u.phone_number, u.others, u.image_sha256,
  m.ext AS image_ext, m.mime AS image_mime, m.size AS image_size, m.width AS image_width, m.height AS image_height,
  u.is_admin, u.role_id, u.blocked, u.must_change_password, u.token_version, u.profile_views, u.created_at,
  EXISTS (SELECT 1 FROM denied_users d WHERE d.user_id = u.id) AS denied
  FROM users u LEFT JOIN media m ON m.sha256 = u.image_sha256`;

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export function findUserById(db: Db, id: number): DbUser | undefined {
  return db.prepare<[number], DbUser>(`${USER_SELECT} WHERE u.id = ?`).get(id);
}

/** Case-insensitive, as the column is. */
export function isUserNameTaken(db: Db, userName: string): boolean {
  return db.prepare('SELECT 1 FROM users WHERE user_name = ?').get(userName) !== undefined;
}

/** Case-insensitive; `exceptId` is the user's own row when they keep their e-mail. */
export function isEmailTaken(db: Db, email: string, exceptId = 0): boolean {
  return db.prepare('SELECT 1 FROM users WHERE email = ? AND id <> ?').get(email, exceptId) !== undefined;
}

export interface NewUser {
  user_name: string;
  password_hash: string;
  name: string;
  last_name: string;
  email: string | null;
  gender: number | null;
}

export function insertUser(db: Db, user: NewUser): number {
  const result = db
    .prepare('INSERT INTO users (user_name, password_hash, name, last_name, email, gender) VALUES (@user_name, @password_hash, @name, @last_name, @email, @gender)')
    .run(user);
  return Number(result.lastInsertRowid);
}

/** The profile columns a user (or an admin for them) may change. */
export interface ProfileChanges {
  name?: string;
  last_name?: string;
  email?: string | null;
  gender?: number | null;
  born_date?: string | null;
  instruction_degree?: string | null;
  occupation?: string | null;
  code_phone?: string | null;
  phone_number?: string | null;
  others?: string | null;
}

const PROFILE_COLUMNS = ['name', 'last_name', 'email', 'gender', 'born_date', 'instruction_degree', 'occupation', 'code_phone', 'phone_number', 'others'] as const;

/** Writes only the columns given; the column names come from the fixed list above, never from the request. */
export function updateProfile(db: Db, id: number, changes: ProfileChanges): void {
  const columns = PROFILE_COLUMNS.filter((c) => changes[c] !== undefined);
  if (columns.length === 0) return;
  const sets = columns.map((c) => `${c} = @${c}`).join(', ');
  const params: Record<string, unknown> = { id };
  for (const c of columns) params[c] = changes[c];
  db.prepare(`UPDATE users SET ${sets}, updated_at = ${NOW} WHERE id = @id`).run(params);
}

export function setUserImage(db: Db, id: number, sha256: string): void {
  db.prepare(`UPDATE users SET image_sha256 = ?, updated_at = ${NOW} WHERE id = ?`).run(sha256, id);
}

/** One counter on the row (the SD card wears with every write): no per-view rows. */
export function incrementProfileViews(db: Db, id: number): number | undefined {
  return db.prepare<[number], { profile_views: number }>('UPDATE users SET profile_views = profile_views + 1 WHERE id = ? RETURNING profile_views').get(id)
    ?.profile_views;
}

const folded = new WeakSet<Db>();

/**
 * kp_fold(text): lower case without accents, so "jose" finds "José" and
 * "nunez" finds "Núñez" (the same folding as the resources' FTS index).
 * The users table of a kit is small (hundreds), so a scan is fine.
 */
function ensureFold(db: Db): void {
  if (folded.has(db)) return;
  db.function('kp_fold', { deterministic: true }, (value: unknown) =>
    typeof value === 'string' ? foldText(value) : null,
  );
  folded.add(db);
}

export interface UserSearch {
  q: string | undefined;
  limit: number;
  offset: number;
  /** admins see blocked users too */
  includeBlocked: boolean;
}

/** Users whose user_name, name, last name or "name last name" contain every word of q, exact user names first. */
export function searchUsers(db: Db, search: UserSearch): { rows: DbUser[]; total: number } {
  ensureFold(db);
  const words = foldText(search.q ?? '').split(/\s+/).filter(Boolean).slice(0, 5);
  const where: string[] = [];
  const params: Record<string, unknown> = { limit: search.limit, offset: search.offset, exact: (search.q ?? '').trim() };
  if (!search.includeBlocked) where.push('u.blocked = 0');
  words.forEach((word, i) => {
    params[`w${i}`] = `%${word.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where.push(`(kp_fold(u.user_name) LIKE @w${i} ESCAPE '\\' OR kp_fold(u.name || ' ' || u.last_name) LIKE @w${i} ESCAPE '\\')`);
  });
  const clause = where.length > 0 ? `WHERE ${where.join(' AND ')}` : '';
  const total = db.prepare<[Record<string, unknown>], { n: number }>(`SELECT count(*) AS n FROM users u ${clause}`).get(params)?.n ?? 0;
  const rows = db
    .prepare<[Record<string, unknown>], DbUser>(
      `${USER_SELECT} ${clause}
       ORDER BY (u.user_name = @exact) DESC, kp_fold(u.name), kp_fold(u.last_name), u.id
       LIMIT @limit OFFSET @offset`,
    )
    .all(params);
  return { rows, total };
}

/** Admins who can still run the kit: not blocked. */
export function countActiveAdmins(db: Db, exceptId = 0): number {
  return db.prepare<[number], { n: number }>('SELECT count(*) AS n FROM users WHERE is_admin = 1 AND blocked = 0 AND id <> ?').get(exceptId)?.n ?? 0;
}

/**
 * Deletes the account. Foreign keys do the rest in the same statement:
 * comments, favourites, playlists, temporary passwords and the denied-list
 * entry go with it; resources, reports and ads stay, without an owner.
 */
export function deleteUserRow(db: Db, id: number): boolean {
  return db.prepare('DELETE FROM users WHERE id = ?').run(id).changes === 1;
}

/** Blocking also ends every session (token_version), so unblocking never revives an old token. */
export function setBlocked(db: Db, id: number, blocked: boolean): void {
  db.prepare(`UPDATE users SET blocked = ?, token_version = token_version + ?, updated_at = ${NOW} WHERE id = ?`).run(blocked ? 1 : 0, blocked ? 1 : 0, id);
}

/** Role changes end the user's sessions so no token carries a stale isAdmin claim. */
export function setAdmin(db: Db, id: number, admin: boolean): void {
  db.prepare(`UPDATE users SET is_admin = ?, role_id = ?, token_version = token_version + 1, updated_at = ${NOW} WHERE id = ?`).run(admin ? 1 : 0, admin ? 1 : 2, id);
}
