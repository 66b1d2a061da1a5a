import {
  BORN_DATE_MIN,
  CODE_PHONES,
  DEFAULT_CODE_PHONE,
  EMAIL_PATTERN,
  GENDER_CODES,
  INSTRUCTION_LEVELS,
  OCCUPATIONS,
  PHONE_MIN_DIGITS,
  type CreateUser,
  type PersonalDetails,
  type QueryUsers,
  type UpdateUser,
  type User,
  type UserPage,
} from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { isPrivileged } from '../../access/privilege.ts';
import type { Viewer } from '../../access/viewer.ts';
import { limitedHashPassword } from '../auth/hash-limiter.ts';
import { userImageUrl } from '../../media/media-url.ts';
import {
  countActiveAdmins,
  deleteUserRow,
  findUserById,
  incrementProfileViews,
  insertUser,
  isEmailTaken,
  isUserNameTaken,
  searchUsers,
  setAdmin,
  setBlocked,
  updateProfile,
  type DbUser,
  type ProfileChanges,
} from './users.repo.ts';
import { pageOf, pageRequest } from '../../paging.ts';

/** docs/PRODUCT.md#registration: the registration failure the web recognises. */
export const USERNAME_TAKEN_REASON = 'This username is already in use';

/** Profile, password and picture changes: your own account, or anyone's for an admin. */
export function assertSelfOrAdmin(viewer: Viewer | null, userId: number): void {
  if (!viewer) throw new AppError('UNAUTHORIZED');
  if (viewer.id !== userId && !isPrivileged(viewer)) throw new AppError('FORBIDDEN');
}

export function getUserOr404(db: Db, id: number): DbUser {
  const user = findUserById(db, id);
  if (!user) throw new AppError('NOT_FOUND');
  return user;
}

/**
 * The wire shape of docs/API-accounts.md User. Contact details and birth date only for the
 * user themself and admins; a blocked user's picture is withheld.
 */
export function toWireUser(row: DbUser, viewer: Viewer | null): User {
  const full = viewer !== null && (viewer.id === row.id || isPrivileged(viewer));
  const image =
    row.image_sha256 && !row.blocked
      ? {
          FullImageUrl: userImageUrl(row.id, row.image_sha256),
          sha256: row.image_sha256,
          mime: row.image_mime ?? 'image/webp',
          width: row.image_width ?? 0,
          height: row.image_height ?? 0,
          size: row.image_size ?? 0,
        }
      : null;
  const user: User = {
    id: row.id,
    user_name: row.user_name,
    name: row.name,
    last_name: row.last_name,
    is_admin: row.is_admin === 1,
    isAdmin: row.is_admin === 1,
    roleId: row.role_id,
    gender: row.gender,
    instruction_degree: row.instruction_degree,
    occupation: row.occupation,
    others: row.others,
    FullImageUrl: image?.FullImageUrl ?? null,
    blocked: row.blocked === 1,
    profile_views: row.profile_views,
    created_at: row.created_at,
    details: { image },
  };
  if (full) {
    user.email = row.email;
    user.born_date = row.born_date;
    user.code_phone = row.code_phone;
    user.phone_number = row.phone_number;
    user.mustChangePassword = row.must_change_password === 1;
    user.details = { phone_number: row.phone_number, code_phone: row.code_phone, image };
    if (isPrivileged(viewer)) user.denied = row.denied === 1;
  }
  return user;
}

/** One page of the user search (docs/PRODUCT.md#paged-answers); blocked accounts only when `includeBlocked`. */
export function userSearchPage(db: Db, query: QueryUsers, viewer: Viewer | null, includeBlocked: boolean): UserPage {
  const { page, perPage, offset } = pageRequest(query);
  const { rows, total } = searchUsers(db, { q: query.q, limit: perPage, offset, includeBlocked });
  return pageOf(rows.map((r) => toWireUser(r, viewer)), total, page, perPage);
}

/** Counts a view of a profile (the caller has already counted it once per viewer a day); the new count. */
export function countProfileView(db: Db, user: DbUser): number {
  return incrementProfileViews(db, user.id) ?? user.profile_views;
}

// ---- validation (docs/PRODUCT.md#profile-form, mirrored from the web's forms) -------------------------------------

/** 400 VALIDATION naming the field, with a Spanish message the form can show. */
export const invalidField = (field: string, message: string): AppError => new AppError('VALIDATION', { field: `body.${field}`, reason: message }, message);

function checkGender(gender: number | null | undefined): void {
  if (gender !== undefined && gender !== null && !GENDER_CODES.includes(gender)) throw new AppError('V2_USER_002', { field: 'body.gender' });
}

function localIsoDate(date: Date): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** YYYY-MM-DD, a real calendar date, not before 1900 and not after today (wherever "today" already is). */
export function checkBornDate(value: string, now: Date = new Date()): void {
  const parsed = new Date(`${value}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value) || Number.isNaN(parsed.getTime()) || parsed.toISOString().slice(0, 10) !== value) {
    throw invalidField('born_date', 'La fecha de nacimiento no es válida (AAAA-MM-DD)');
  }
  if (value < BORN_DATE_MIN) throw invalidField('born_date', 'La fecha de nacimiento no es válida');
  const today = [localIsoDate(now), now.toISOString().slice(0, 10)].sort().at(-1) ?? '';
  if (value > today) throw invalidField('born_date', 'La fecha de nacimiento no puede estar en el futuro');
}

/** '' means "none" (forms send empty fields); text is trimmed. */
const blankToNull = (value: string | null | undefined): string | null | undefined => {
  if (value === undefined || value === null) return value;
  const trimmed = value.trim();
  return trimmed === '' ? null : trimmed;
};

function normalizeEmail(db: Db, value: string | null | undefined, userId: number): string | null | undefined {
  const email = blankToNull(value);
  if (email === undefined || email === null) return email;
  if (!new RegExp(EMAIL_PATTERN).test(email)) throw invalidField('email', 'El correo no es válido');
  if (isEmailTaken(db, email, userId)) throw new AppError('V2_USER_001', { field: 'body.email' });
  return email;
}

function checkListed(field: string, value: string | null | undefined, list: readonly string[], message: string): string | null | undefined {
  const v = blankToNull(value);
  if (v !== undefined && v !== null && !list.includes(v)) throw invalidField(field, message);
  return v;
}

/**
 * Phone and country code together: digits and dots with at least 7 digits;
 * without a phone the code is null (docs/PRODUCT.md#profile-form); with one it is +51, +502 or +1,
 * keeping the stored code or the +51 default when none is sent.
 */
function normalizePhone(changes: { phone_number?: string | null | undefined; code_phone?: string | null | undefined }, current: DbUser | null): Pick<ProfileChanges, 'phone_number' | 'code_phone'> {
  if (changes.phone_number === undefined && changes.code_phone === undefined) return {};
  const phone = changes.phone_number === undefined ? (current?.phone_number ?? null) : blankToNull(changes.phone_number) ?? null;
  if (phone !== null && (phone.match(/\d/g)?.length ?? 0) < PHONE_MIN_DIGITS) throw invalidField('phone_number', 'Debe tener mínimo 7 dígitos');
  const sentCode = blankToNull(changes.code_phone);
  if (sentCode !== undefined && sentCode !== null && !CODE_PHONES.includes(sentCode)) throw invalidField('code_phone', 'El código de país no es válido');
  if (phone === null) return { phone_number: null, code_phone: null };
  return { phone_number: phone, code_phone: sentCode ?? current?.code_phone ?? DEFAULT_CODE_PHONE };
}

function normalizeProfile(db: Db, target: DbUser, body: UpdateUser): ProfileChanges {
  checkGender(body.gender);
  if (body.born_date) checkBornDate(body.born_date);
  const changes: ProfileChanges = {
    name: body.name?.trim(),
    last_name: body.last_name?.trim(),
    email: normalizeEmail(db, body.email, target.id),
    gender: body.gender,
    born_date: body.born_date === '' ? null : body.born_date,
    instruction_degree: checkListed('instruction_degree', body.instruction_degree, INSTRUCTION_LEVELS, 'El nivel de instrucción no es válido'),
    occupation: checkListed('occupation', body.occupation, OCCUPATIONS, 'La ocupación no es válida'),
    others: blankToNull(body.others),
    ...normalizePhone(body, target),
  };
  return changes;
}

// ---- accounts ---------------------------------------------------------------------------------

/** Two requests racing for the same name or e-mail: the database's unique index decides. */
function mapUniqueViolation(error: unknown): never {
  const message = error instanceof Error ? error.message : '';
  if (message.includes('UNIQUE constraint failed: users.user_name')) throw new AppError('USERNAME_TAKEN', { reason: USERNAME_TAKEN_REASON, field: 'body.user_name' });
  if (message.includes('UNIQUE constraint failed: users.email')) throw new AppError('V2_USER_001', { field: 'body.email' });
  throw error;
}

/** POST /api/user/create: a new ordinary user (role 2). */
export async function registerUser(db: Db, body: CreateUser): Promise<number> {
  checkGender(body.gender);
  if (isUserNameTaken(db, body.user_name)) throw new AppError('USERNAME_TAKEN', { reason: USERNAME_TAKEN_REASON, field: 'body.user_name' });
  const email = normalizeEmail(db, body.email, 0) ?? null;
  const passwordHash = await limitedHashPassword(body.password);
  try {
    return insertUser(db, {
      user_name: body.user_name,
      password_hash: passwordHash,
      name: body.name.trim(),
      last_name: body.last_name.trim(),
      email,
      gender: body.gender ?? null,
    });
  } catch (error) {
    return mapUniqueViolation(error);
  }
}

/** PUT /api/v2/users/{userId}/profile and POST /api/user/update: partial, validated, in one statement. */
export function updateUserProfile(db: Db, userId: number, body: UpdateUser): DbUser {
  const target = getUserOr404(db, userId);
  const changes = normalizeProfile(db, target, body);
  try {
    updateProfile(db, userId, changes);
  } catch (error) {
    mapUniqueViolation(error);
  }
  return getUserOr404(db, userId);
}

/** POST /api/v3/personalDetails: the onboarding form; gender and birth date required. */
export function savePersonalDetails(db: Db, userId: number, body: PersonalDetails): DbUser {
  return updateUserProfile(db, userId, {
    gender: body.gender,
    born_date: body.born_date,
    ...(body.phone_number !== undefined ? { phone_number: body.phone_number } : {}),
    ...(body.code_phone !== undefined ? { code_phone: body.code_phone } : {}),
  });
}

// ---- administration ---------------------------------------------------------------------------

function assertNotSelf(actor: Viewer, targetId: number): void {
  if (actor.id === targetId) throw new AppError('CANNOT_MODIFY_SELF');
}

/** The kit always keeps an admin who can log in: checked inside the write's transaction. */
function assertOtherAdminRemains(db: Db, target: DbUser): void {
  if (target.is_admin === 1 && countActiveAdmins(db, target.id) === 0) throw new AppError('LAST_ADMIN');
}

/** DELETE /api/v2/admin/users/{userId} */
export function deleteUser(db: Db, actor: Viewer, targetId: number): void {
  assertNotSelf(actor, targetId);
  db.transaction(() => {
    const target = getUserOr404(db, targetId);
    assertOtherAdminRemains(db, target);
    deleteUserRow(db, targetId);
  })();
}

/** PUT / DELETE /api/v2/admin/users/{userId}/block */
export function setUserBlocked(db: Db, actor: Viewer, targetId: number, blocked: boolean): DbUser {
  assertNotSelf(actor, targetId);
  db.transaction(() => {
    const target = getUserOr404(db, targetId);
    if (blocked) assertOtherAdminRemains(db, target);
    setBlocked(db, targetId, blocked);
  })();
  return getUserOr404(db, targetId);
}

/** PUT / DELETE /api/v2/admin/users/{userId}/admin */
export function setUserAdmin(db: Db, actor: Viewer, targetId: number, admin: boolean): DbUser {
  assertNotSelf(actor, targetId);
  db.transaction(() => {
    const target = getUserOr404(db, targetId);
    if (!admin) assertOtherAdminRemains(db, target);
    if ((target.is_admin === 1) !== admin) setAdmin(db, targetId, admin);
  })();
  return getUserOr404(db, targetId);
}
