import { describe, expect, it } from 'vitest';
import { fill } from './fill.ts';
import { formatDate, formatDayMonth, formatFileSize } from './format.ts';

describe('formatFileSize (1024, or 1000 with si, one decimal)', () => {
  it('keeps bytes below one step as whole bytes', () => {
    expect(formatFileSize(0)).toBe('0 B');
    expect(formatFileSize(512)).toBe('512 B');
    expect(formatFileSize(1023)).toBe('1023 B');
  });

  it('steps by 1024 with one decimal', () => {
    expect(formatFileSize(1024)).toBe('1.0 KB');
    expect(formatFileSize(1536)).toBe('1.5 KB');
    expect(formatFileSize(15210)).toBe('14.9 KB');
    expect(formatFileSize(447981)).toBe('437.5 KB');
    expect(formatFileSize(5 * 1024 * 1024)).toBe('5.0 MB');
    expect(formatFileSize(3.25 * 1024 ** 3)).toBe('3.3 GB');
  });

  it('steps by 1000 with si', () => {
    expect(formatFileSize(999, true)).toBe('999 B');
    expect(formatFileSize(1000, true)).toBe('1.0 kB');
    expect(formatFileSize(1536, true)).toBe('1.5 kB');
    expect(formatFileSize(2_500_000, true)).toBe('2.5 MB');
  });

  it('moves to the next unit rather than showing 1024.0', () => {
    expect(formatFileSize(1024 * 1024 - 10)).toBe('1.0 MB');
    expect(formatFileSize(999_990, true)).toBe('1.0 MB');
  });

  it('treats nonsense as zero', () => {
    expect(formatFileSize(-5)).toBe('0 B');
    expect(formatFileSize(Number.NaN)).toBe('0 B');
  });
});

describe('formatDate (dd/MM/yyyy, Spanish)', () => {
  it('pads day and month', () => {
    expect(formatDate('2026-06-03T09:45:00Z', 'UTC')).toBe('03/06/2026');
  });

  it('uses the given time zone for the calendar day', () => {
    expect(formatDate('2026-11-01T03:00:00Z', 'UTC')).toBe('01/11/2026');
    expect(formatDate('2026-11-01T03:00:00Z', 'America/Lima')).toBe('31/10/2026');
  });

  it('gives an empty string for an unreadable date', () => {
    expect(formatDate('ayer')).toBe('');
  });
});

describe('fill', () => {
  it('replaces known placeholders and leaves unknown ones', () => {
    expect(fill('Página {page} de {pages}', { page: 2, pages: 7 })).toBe('Página 2 de 7');
    expect(fill('Hola {nadie}', {})).toBe('Hola {nadie}');
  });
});

describe('formatDayMonth (a chart day as dd/MM)', () => {
  it('reads the day as written, whatever the phone time zone', () => {
    expect(formatDayMonth('2026-11-30')).toBe('30/11');
    expect(formatDayMonth('2027-01-01')).toBe('01/01');
  });

  it('gives nothing for what is not a day', () => {
    expect(formatDayMonth('')).toBe('');
    expect(formatDayMonth('30/11/2026')).toBe('');
  });
});
