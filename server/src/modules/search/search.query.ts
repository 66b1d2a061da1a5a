/**
 * Turning what a villager types into a safe FTS5 query.
 *
 * The text is cut into words the way the FTS5 unicode61 tokenizer cuts it
 * (letters and digits; everything else separates), each word is quoted (so
 * AND, OR, NOT, NEAR, column filters, ^, * and quotes typed by the user are
 * plain text, never syntax), and the words are joined with spaces, which
 * FTS5 reads as AND. The last word also matches as a prefix while it is
 * being typed, i.e. when nothing follows it ("educ" finds "Educación"). Accents and case need nothing
 * here: the index folds them (remove_diacritics 2), and so does the query.
 */

/** More words than this narrow nothing useful and only cost work. */
export const MAX_TERMS = 8;
/** A longer "word" is pasted noise; it is cut, not refused. */
export const MAX_TERM_LENGTH = 40;
/**
 * One-letter prefixes are not in the prefix index ('2 3 4 5 6') and would merge
 * the doclists of every word with that letter: a lone letter matches as a
 * whole word instead.
 */
export const MIN_PREFIX_LENGTH = 2;

const WORD = /[\p{L}\p{N}\p{Co}]+/gu;

/** Every word of a text, as the index cuts them. */
export const textWords = (text: string): string[] => text.normalize('NFKC').match(WORD) ?? [];

/** The words of a query, as the index would cut them. */
export function searchTerms(text: string): string[] {
  return textWords(text).slice(0, MAX_TERMS).map((w) => [...w].slice(0, MAX_TERM_LENGTH).join(''));
}

/** The FTS5 MATCH expression for a query, or null when it has no word at all (only punctuation, spaces). */
export function buildMatchExpression(text: string): string | null {
  const terms = searchTerms(text);
  if (terms.length === 0) return null;
  // Text ending in a letter or digit is a word still being typed; a space or
  // punctuation after it means the word is finished.
  const typing = /[\p{L}\p{N}\p{Co}]$/u.test(text.normalize('NFKC'));
  return terms
    .map((term, i) => {
      const prefix = typing && i === terms.length - 1 && [...term].length >= MIN_PREFIX_LENGTH;
      return `"${term}"${prefix ? '*' : ''}`;
    })
    .join(' ');
}

/**
 * The same words, all of them in the title: relevance puts these resources
 * first, above those found by their description, author or category names.
 * `match` is an expression built above (quoted words only), so it cannot
 * break out of the parentheses.
 */
export function titleMatchExpression(match: string): string {
  return `{title} : (${match})`;
}


const FOLDS: readonly (readonly [string, string])[] = [
  ['Á', 'a'], ['É', 'e'], ['Í', 'i'], ['Ó', 'o'], ['Ú', 'u'], ['Ü', 'u'], ['Ñ', 'n'],
  ['á', 'a'], ['é', 'e'], ['í', 'i'], ['ó', 'o'], ['ú', 'u'], ['ü', 'u'], ['ñ', 'n'],
];

/** The SQL twin of foldText for Spanish text (SQLite's lower() folds ASCII only). */
export function foldSql(expression: string): string {
  return `lower(${FOLDS.reduce((sql, [from, to]) => `replace(${sql}, '${from}', '${to}')`, expression)})`;
}
