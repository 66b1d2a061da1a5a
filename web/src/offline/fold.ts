import { foldText } from '@kit/contract/fold';

/** The words of a query, folded. */
export function queryWords(query: string): string[] {
  return foldText(query).split(/[^\p{L}\p{N}]+/u).filter(Boolean);
}

/** As the server matches: every word of the query is a word of the text, the last one may be its start (still typing). */
export function matchesWords(text: string, words: readonly string[]): boolean {
  if (words.length === 0) return false;
  const textWords = foldText(text).split(/[^\p{L}\p{N}]+/u);
  const last = words.length - 1;
  return words.every((word, i) => textWords.some((candidate) => (i === last ? candidate.startsWith(word) : candidate === word)));
}
