/**
 * Text folded for matching, as the search index folds it (SQLite FTS5's
 * `remove_diacritics 2`): lower case, without accents, ñ as n. So "educacion"
 * finds "Educación" and "nino" finds "niño", typed on any phone keyboard. The
 * server's searches outside the index and the phone's offline search use this
 * one definition, so both find what the index finds.
 */
export function foldText(text: string): string {
  return text.normalize('NFD').replace(/\p{M}+/gu, '').toLowerCase();
}
