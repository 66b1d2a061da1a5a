/**
 * What a Range header asks of a file of a given size (RFC 9110 §14): one
 * reading for the server's media and the service worker's saved files.
 */
export type RangeRequest =
  | { kind: 'none' }
  | { kind: 'unsatisfiable' }
  | { kind: 'range'; start: number; end: number };

const BYTE_RANGE = /^(\d*)-(\d*)$/;

/** Digits to a number; absurdly long ones become Infinity rather than a wrong value. */
const toNumber = (digits: string): number => (digits.length > 15 ? Number.POSITIVE_INFINITY : Number(digits));

/**
 * One byte range, or none. A header we cannot read, another unit, or several
 * ranges is ignored (RFC 9110 lets a server answer the whole file, and no
 * player asks for multipart ranges); a range starting past the end, or an
 * empty suffix, is unsatisfiable (416).
 */
export function parseRange(header: string | null | undefined, size: number): RangeRequest {
  if (header === undefined || header === null) return { kind: 'none' };
  const match = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!match) return { kind: 'none' };
  const specs = (match[1] ?? '').split(',').map((s) => s.trim()).filter((s) => s !== '');
  if (specs.length !== 1) return { kind: 'none' };
  const parts = BYTE_RANGE.exec(specs[0] ?? '');
  if (!parts) return { kind: 'none' };
  const [, first = '', last = ''] = parts;
  if (first === '' && last === '') return { kind: 'none' };

  if (first === '') {
    // bytes=-N: the last N bytes
    const suffix = toNumber(last);
    if (suffix === 0 || size === 0) return { kind: 'unsatisfiable' };
    return { kind: 'range', start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = toNumber(first);
  const end = last === '' ? Number.POSITIVE_INFINITY : toNumber(last);
  if (end < start) return { kind: 'none' };
  if (start >= size) return { kind: 'unsatisfiable' };
  return { kind: 'range', start, end: Math.min(end, size - 1) };
}
