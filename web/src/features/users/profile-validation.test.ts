import {
  BORN_DATE_MIN as CONTRACT_BORN_DATE_MIN,
  COUNTRIES,
  DEFAULT_CODE_PHONE as CONTRACT_DEFAULT_CODE_PHONE,
  GENDER_CODES as CONTRACT_GENDER_CODES,
  PHONE_MAX as CONTRACT_PHONE_MAX,
  PHONE_MIN_DIGITS as CONTRACT_PHONE_MIN_DIGITS,
  TMP_LOGIN_COOKIE as CONTRACT_TMP_LOGIN_COOKIE,
} from '@kit/contract';
import { describe, expect, it } from 'vitest';
import { TMP_LOGIN_COOKIE } from '../../session/tmp-login-cookie.ts';
import { FALLBACK_COUNTRIES, phonePlaceholder } from './countries.ts';
import {
  BORN_DATE_MIN,
  DEFAULT_CODE_PHONE,
  formatDisplayDate,
  GENDER_CODES,
  isoToday,
  needsProfileDetails,
  personalDetailsOf,
  PHONE_MAX,
  PHONE_MIN_DIGITS,
  sanitizePhone,
  toPersonalDetails,
  validatePersonalDetails,
} from './profile-validation.ts';

const TODAY = '2026-03-15';
const valid = { gender: 0, born_date: '1990-05-20', code_phone: '+51', phone_number: '987654321' };

describe('profile form rules', () => {
  it('accepts a complete form', () => {
    expect(validatePersonalDetails(valid, TODAY)).toEqual({});
  });

  it.each([
    ['gender', { gender: null }, 'Selecciona tu género'],
    ['gender', { gender: 3 }, 'Selecciona tu género'],
    ['born_date', { born_date: '' }, 'Ingresa tu fecha de nacimiento'],
    ['born_date', { born_date: '2026-03-16' }, 'La fecha de nacimiento no puede ser posterior a hoy'],
    ['born_date', { born_date: '1990-02-30' }, 'Revisa la fecha de nacimiento'],
    ['born_date', { born_date: '1899-12-31' }, 'Revisa la fecha de nacimiento'],
    ['phone_number', { phone_number: '123456' }, 'Debe tener mínimo 7 dígitos'],
    ['phone_number', { phone_number: '12.34.56' }, 'Debe tener mínimo 7 dígitos'],
  ] as const)('%s: %j → %s', (field, change, message) => {
    expect(validatePersonalDetails({ ...valid, ...change }, TODAY)[field]).toBe(message);
  });

  it.each([
    ['today', { born_date: TODAY }],
    ['each gender code', { gender: 2 }],
    ['7 digits', { phone_number: '1234567' }],
    ['digits with dots', { phone_number: '987.654.321' }],
    ['no phone at all', { phone_number: '' }],
  ])('accepts %s', (_case, change) => {
    expect(validatePersonalDetails({ ...valid, ...change }, TODAY)).toEqual({});
  });

  it('keeps only digits and dots in the phone input, up to 20 characters', () => {
    expect(sanitizePhone('+51 987-654 321')).toBe('51987654321');
    expect(sanitizePhone('98.76a5')).toBe('98.765');
    expect(sanitizePhone('1'.repeat(30))).toHaveLength(20);
  });

  it('shows dates DD/MM/YYYY and keeps them YYYY-MM-DD', () => {
    expect(formatDisplayDate('1990-05-20')).toBe('20/05/1990');
    expect(formatDisplayDate('')).toBe('');
    expect(formatDisplayDate('20/05/1990')).toBe('');
    expect(toPersonalDetails(valid).born_date).toBe('1990-05-20');
  });

  it('today is the phone’s local date', () => {
    expect(isoToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });

  it('sends the country code null when there is no phone', () => {
    expect(toPersonalDetails({ ...valid, phone_number: '' })).toEqual({ gender: 0, born_date: '1990-05-20', code_phone: null, phone_number: null });
    expect(toPersonalDetails({ ...valid, code_phone: '+502', phone_number: '45678912' })).toMatchObject({ code_phone: '+502', phone_number: '45678912' });
  });

  it('starts with +51 and the user’s values', () => {
    expect(personalDetailsOf({})).toEqual({ gender: null, born_date: '', code_phone: '+51', phone_number: '' });
    expect(personalDetailsOf({ gender: 1, born_date: '2000-01-31', code_phone: '+1', phone_number: '5551234567' })).toEqual({
      gender: 1,
      born_date: '2000-01-31',
      code_phone: '+1',
      phone_number: '5551234567',
    });
    expect(personalDetailsOf({ gender: 9, born_date: 'ayer' })).toMatchObject({ gender: null, born_date: '' });
  });

  it('uses the placeholders per country', () => {
    expect(phonePlaceholder(FALLBACK_COUNTRIES, '+51')).toBe('+51 987654321');
    expect(phonePlaceholder(FALLBACK_COUNTRIES, '+502')).toBe('+502 45678912');
    expect(phonePlaceholder(FALLBACK_COUNTRIES, '+1')).toBe('+1 5551234567');
    expect(phonePlaceholder(FALLBACK_COUNTRIES, '+99')).toBe('+51 987654321');
  });
});

describe('needsProfileDetails (onboarding form slide)', () => {
  it.each([
    [{ gender: null, born_date: null }, true],
    [{ gender: 0, born_date: null }, true],
    [{ gender: null, born_date: '1990-01-01' }, true],
    [{ gender: 5, born_date: '1990-01-01' }, true],
    [{ gender: 1, born_date: '2990-01-01' }, true],
    [{ gender: 1, born_date: 'no' }, true],
    [{ gender: 1, born_date: '1990-01-01' }, false],
    [{ gender: 0, born_date: TODAY }, false],
  ])('%j → %s', (user, expected) => {
    expect(needsProfileDetails(user, TODAY)).toBe(expected);
  });
});

describe('values agree with the server contract', () => {
  it('genders, phone bounds, default code, birth-date floor, countries, tmp_login cookie', () => {
    expect(GENDER_CODES).toEqual(CONTRACT_GENDER_CODES);
    expect(PHONE_MIN_DIGITS).toBe(CONTRACT_PHONE_MIN_DIGITS);
    expect(PHONE_MAX).toBe(CONTRACT_PHONE_MAX);
    expect(DEFAULT_CODE_PHONE).toBe(CONTRACT_DEFAULT_CODE_PHONE);
    expect(BORN_DATE_MIN).toBe(CONTRACT_BORN_DATE_MIN);
    expect(FALLBACK_COUNTRIES).toEqual(COUNTRIES);
    expect(TMP_LOGIN_COOKIE).toBe(CONTRACT_TMP_LOGIN_COOKIE);
  });
});
