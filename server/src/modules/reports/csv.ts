/**
 * CSV as spreadsheets open it: UTF-8 with a byte-order mark (so Excel shows
 * accents), RFC 4180 quoting, CRLF line ends, and a guard against formula
 * injection: a text cell starting with = + - @ (or a tab or carriage return)
 * is prefixed with ' so a spreadsheet shows it as text instead of running it.
 */
export const CSV_BOM = '\uFEFF';

export function csvCell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isFinite(value) ? String(value) : '';
  if (typeof value === 'boolean') return value ? '1' : '0';
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[",\r\n]/.test(text) || /^\s|\s$/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

export function toCsv(header: readonly string[], rows: readonly (readonly (string | number | boolean | null | undefined)[])[]): string {
  const lines = [header, ...rows].map((row) => row.map(csvCell).join(','));
  return `${CSV_BOM}${lines.join('\r\n')}\r\n`;
}

/** Content-Disposition for a download with a safe ASCII name. */
export function attachment(fileName: string): string {
  return `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`;
}
