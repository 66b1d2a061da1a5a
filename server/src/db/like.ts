/**
 * A LIKE pattern matching text that contains `word`, with LIKE's own
 * wildcards (% _) and the escape character taken literally. Use it with
 * `LIKE @param ESCAPE '\'`.
 */
export const containing = (word: string): string => `%${word.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
