import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.ts';
import { checkBornDate } from './users.service.ts';

const fieldError = (value: string, now?: Date): AppError | null => {
  try {
    checkBornDate(value, now);
    return null;
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
};

describe('checkBornDate (YYYY-MM-DD, no future dates)', () => {
  it('accepts real dates up to today, leap days included', () => {
    expect(fieldError('2024-02-29')).toBeNull();
    expect(fieldError('1900-01-01')).toBeNull();
    const now = new Date();
    const today = `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
    expect(fieldError(today)).toBeNull();
  });

  it.each(['2023-02-29', '2021-04-31', '1990-00-10', '1990-01-00', '1899-12-31', '90-01-01'])('refuses %s naming body.born_date', (value) => {
    expect(fieldError(value)).toMatchObject({ code: 'VALIDATION', data: { field: 'body.born_date' } });
  });

  it('refuses a date after today in every time zone', () => {
    const now = new Date('2026-03-10T12:00:00Z');
    expect(fieldError('2026-03-10', now)).toBeNull();
    expect(fieldError('2026-03-12', now)?.message).toBe('La fecha de nacimiento no puede estar en el futuro');
    expect(fieldError('2027-01-01', now)?.code).toBe('VALIDATION');
  });
});
