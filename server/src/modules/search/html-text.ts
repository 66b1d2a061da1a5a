/**
 * The words of an HTML page, for the full-text index of a library
 * (docs/API-contributions.md#bibliotecas-zim): scripts, styles and comments
 * out, tags become spaces, character references decoded. Not a parser: an
 * index needs the words, not the structure.
 */

/** The named references pages written in Spanish (and Wikipedia's) use; any other stays as written. */
const NAMED: Record<string, string> = {
  amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', shy: '',
  iexcl: '¡', iquest: '¿', laquo: '«', raquo: '»', ordf: 'ª', ordm: 'º', deg: '°', middot: '·',
  hellip: '…', ndash: '–', mdash: '—', lsquo: '‘', rsquo: '’', ldquo: '“', rdquo: '”',
  copy: '©', reg: '®', euro: '€', times: '×', ntilde: 'ñ', Ntilde: 'Ñ', ccedil: 'ç', Ccedil: 'Ç',
};
for (const [mark, code] of [['grave', 0x300], ['acute', 0x301], ['circ', 0x302], ['uml', 0x308]] as const) {
  for (const vowel of 'aeiouAEIOU') NAMED[`${vowel}${mark}`] = `${vowel}${String.fromCodePoint(code)}`.normalize('NFC');
}

function decodeReference(whole: string, body: string): string {
  if (body.startsWith('#')) {
    const code = body[1] === 'x' || body[1] === 'X' ? Number.parseInt(body.slice(2), 16) : Number.parseInt(body.slice(1), 10);
    return Number.isInteger(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff) ? String.fromCodePoint(code) : ' ';
  }
  return NAMED[body] ?? whole;
}

/** The page's text, words separated by single spaces. */
export function htmlToText(html: string): string {
  return html
    .replace(/<!--[\s\S]*?(?:-->|$)/g, ' ')
    .replace(/<(script|style|noscript|template)\b[\s\S]*?(?:<\/\1\s*>|$)/gi, ' ')
    .replace(/<[^>]*>?/g, ' ')
    .replace(/&(#\d{1,7}|#[xX][\da-fA-F]{1,6}|[A-Za-z]{2,8});/g, decodeReference)
    .replace(/\s+/g, ' ')
    .trim();
}
