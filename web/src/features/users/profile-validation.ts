import type { PersonalDetails } from '@kit/contract';
import { esAccounts } from '../../i18n/es-accounts.ts';
import type { FieldErrors } from '../../ui/forms/use-form.ts';

/*
 * docs/PRODUCT.md#profile-form profile form rules, pure. Values mirror the contract
 * (server/contract/src/users.ts; a test checks they agree).
 */

/** docs/PRODUCT.md#profile-form gender codes: Femenino (0), Masculino (1), Otros (2). */
export const GENDER_CODES: readonly number[] = [0, 1, 2];
/** docs/PRODUCT.md#profile-form: phone minimum 7 digits; default country code +51. */
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX = 20;
export const DEFAULT_CODE_PHONE = '+51';
export const BORN_DATE_MIN = '1900-01-01';

export interface PersonalDetailsValues {
  gender: number | null;
  /** YYYY-MM-DD, or '' */
  born_date: string;
  code_phone: string;
  phone_number: string;
}

export type PersonalDetailsField = 'gender' | 'born_date' | 'phone_number';

/** docs/PRODUCT.md#profile-form: the phone input keeps only digits and dots. */
export function sanitizePhone(input: string): string {
  return input.replace(/[^0-9.]/g, '').slice(0, PHONE_MAX);
}

export function countDigits(phone: string): number {
  return phone.replace(/\D/g, '').length;
}

/** Today as YYYY-MM-DD in the phone's own time zone (the limit of the date picker). */
export function isoToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/** A real calendar date written YYYY-MM-DD. */
export function isIsoDate(value: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** docs/PRODUCT.md#formats: a date is shown DD/MM/YYYY; '' when it is not a date. */
export function formatDisplayDate(iso: string | null | undefined): string {
  if (!iso || !isIsoDate(iso)) return '';
  const [year, month, day] = iso.split('-');
  return `${day}/${month}/${year}`;
}

export function isValidGender(gender: number | null | undefined): boolean {
  return typeof gender === 'number' && GENDER_CODES.includes(gender);
}

/** A birth date the server accepts: a real date, not in the future, not before 1900. */
export function isValidBornDate(value: string | null | undefined, today: string): boolean {
  return typeof value === 'string' && isIsoDate(value) && value <= today && value >= BORN_DATE_MIN;
}

/** docs/PRODUCT.md#onboarding: the onboarding asks to complete the profile when gender or birth date is missing or invalid. */
export function needsProfileDetails(user: { gender?: number | null; born_date?: string | null }, today: string): boolean {
  return !isValidGender(user.gender) || !isValidBornDate(user.born_date, today);
}

export function validatePersonalDetails(values: PersonalDetailsValues, today: string): FieldErrors<PersonalDetailsField> {
  const errors: FieldErrors<PersonalDetailsField> = {};
  if (!isValidGender(values.gender)) errors.gender = esAccounts.profile.genderRequired;
  if (values.born_date === '') errors.born_date = esAccounts.profile.bornDateRequired;
  else if (!isIsoDate(values.born_date) || values.born_date < BORN_DATE_MIN) errors.born_date = esAccounts.profile.bornDateInvalid;
  else if (values.born_date > today) errors.born_date = esAccounts.profile.bornDateFuture;
  // Marked obligatory, but an empty phone is allowed: the country code is then sent as null (docs/PRODUCT.md#profile-form).
  if (values.phone_number !== '' && countDigits(values.phone_number) < PHONE_MIN_DIGITS) errors.phone_number = esAccounts.profile.phoneMin;
  return errors;
}

/** The phone part of a payload: no phone, no country code (docs/PRODUCT.md#profile-form). */
export function phonePayload(values: Pick<PersonalDetailsValues, 'code_phone' | 'phone_number'>): {
  code_phone: string | null;
  phone_number: string | null;
} {
  const phone = values.phone_number.trim();
  return phone === '' ? { code_phone: null, phone_number: null } : { code_phone: values.code_phone || DEFAULT_CODE_PHONE, phone_number: phone };
}

/** POST /v3/personalDetails body; call only when validatePersonalDetails found nothing. */
export function toPersonalDetails(values: PersonalDetailsValues): PersonalDetails {
  return { gender: values.gender ?? -1, born_date: values.born_date, ...phonePayload(values) };
}

/** The form's starting values from a user (the defaults docs/PRODUCT.md#profile-form gives where the user has none). */
export function personalDetailsOf(user: {
  gender?: number | null;
  born_date?: string | null;
  code_phone?: string | null;
  phone_number?: string | null;
}): PersonalDetailsValues {
  return {
    gender: isValidGender(user.gender) ? (user.gender ?? null) : null,
    born_date: user.born_date && isIsoDate(user.born_date) ? user.born_date : '',
    code_phone: user.code_phone || DEFAULT_CODE_PHONE,
    phone_number: user.phone_number ?? '',
  };
}
