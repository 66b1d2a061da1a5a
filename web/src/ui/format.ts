/*
 * Formatters of docs/PRODUCT.md#formats: file sizes in 1024 steps (1000 with si) with one
 * decimal, dates as dd/MM/yyyy in Spanish (dd/MM where the year is plain, a chart's days).
 */

const BINARY_UNITS = ['KB', 'MB', 'GB', 'TB'] as const;
const SI_UNITS = ['kB', 'MB', 'GB', 'TB'] as const;

/** 1536 → "1.5 KB"; 512 → "512 B"; with si, steps of 1000. */
export function formatFileSize(bytes: number, si = false): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return '0 B';
  const step = si ? 1000 : 1024;
  if (bytes < step) return `${Math.round(bytes)} B`;
  const units = si ? SI_UNITS : BINARY_UNITS;
  let value = bytes;
  let unit = -1;
  // Round before comparing so 1023.96 KB shows as "1.0 MB", never "1024.0 KB".
  do {
    value /= step;
    unit += 1;
  } while (Math.round(value * 10) / 10 >= step && unit < units.length - 1);
  return `${value.toFixed(1)} ${units[unit]}`;
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/** An ISO date as dd/MM/yyyy (Spanish), in the phone's time zone unless one is given; '' when unreadable. */
export function formatDate(value: string | number | Date, timeZone?: string): string {
  const date = value instanceof Date ? value : new Date(value);
  if (Number.isNaN(date.getTime())) return '';
  const key = timeZone ?? '';
  let format = dateFormats.get(key);
  if (!format) {
    format = new Intl.DateTimeFormat('es-PE', { day: '2-digit', month: '2-digit', year: 'numeric', timeZone });
    dateFormats.set(key, format);
  }
  const parts = Object.fromEntries(format.formatToParts(date).map((part) => [part.type, part.value]));
  return `${parts.day}/${parts.month}/${parts.year}`;
}


/** A calendar day as the server counts it, 'yyyy-MM-dd', as dd/MM (no time zone: it is already a day); '' when unreadable. */
export function formatDayMonth(day: string): string {
  const parts = /^\d{4}-(\d{2})-(\d{2})$/.exec(day);
  return parts ? `${parts[2]}/${parts[1]}` : '';
}
