import { timingSafeEqual } from 'node:crypto';

/**
 * Whether a MAC or proof given as text is exactly the text this kit made,
 * in constant time. Compared as text, never decoded first: base64's last
 * letter carries spare bits, so several spellings decode to the same bytes,
 * and only the one the kit wrote may pass.
 */
export function sameText(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}
