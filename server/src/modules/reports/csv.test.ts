import { describe, expect, it } from 'vitest';
import { csvCell, toCsv } from './csv.ts';

describe('csvCell', () => {
  it.each([
    ['plain', 'plain'],
    ['Educación, básica', '"Educación, básica"'],
    ['dice "hola"', '"dice ""hola"""'],
    ['línea\nnueva', '"línea\nnueva"'],
    ['=SUM(A1:A9)', "'=SUM(A1:A9)"],
    ['+51 987', "'+51 987"],
    ['-2+3', "'-2+3"],
    ['@cmd', "'@cmd"],
    ['=HYPERLINK("x")', `"'=HYPERLINK(""x"")"`],
  ])('writes %j as %j', (input, out) => {
    expect(csvCell(input)).toBe(out);
  });

  it('leaves numbers alone, negative ones included, and empties null', () => {
    expect(csvCell(-5)).toBe('-5');
    expect(csvCell(null)).toBe('');
  });
});

describe('toCsv', () => {
  it('starts with a UTF-8 byte-order mark and ends lines with CRLF', () => {
    const csv = toCsv(['Día', 'Vistas'], [['2026-01-01', 3]]);
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1)).toBe('Día,Vistas\r\n2026-01-01,3\r\n');
  });
});
