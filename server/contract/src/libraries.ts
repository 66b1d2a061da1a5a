import { Type, type Static } from 'typebox';

/**
 * The background check of a library's ZIM file (its MD5): `checking` with
 * `percent`, `ok`, or `failed` with `reason` (admins only; the resource is
 * held back from the public).
 */
export const LibraryCheckSchema = Type.Object({
  state: Type.Union([Type.Literal('checking'), Type.Literal('ok'), Type.Literal('failed')]),
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
  reason: Type.Union([Type.String(), Type.Null()]),
});
export type LibraryCheck = Static<typeof LibraryCheckSchema>;

/**
 * The search index of a library's articles, built in the background once the
 * file passed its check: `waiting` (for the check, or for another library's
 * index), `titles`, `text` (percent of that phase), `done`, or `failed` (the
 * file could not be read; its articles are not found by search).
 */
export const LibraryIndexSchema = Type.Object({
  state: Type.Union([Type.Literal('waiting'), Type.Literal('titles'), Type.Literal('text'), Type.Literal('done'), Type.Literal('failed')]),
  percent: Type.Integer({ minimum: 0, maximum: 100 }),
});
export type LibraryIndex = Static<typeof LibraryIndexSchema>;

/** What a «Biblioteca» resource's ZIM file says of itself (GET /v2/libraries/{id}). */
export const LibrarySchema = Type.Object({
  resourceId: Type.Integer(),
  /** ISO 639-3 codes as the file gives them, e.g. "spa" or "spa,eng" */
  language: Type.String(),
  creator: Type.String(),
  publisher: Type.String(),
  /** the file's Date metadata, YYYY-MM-DD, or '' */
  date: Type.String(),
  articleCount: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  mediaCount: Type.Union([Type.Integer({ minimum: 0 }), Type.Null()]),
  /** bytes of the ZIM file */
  size: Type.Integer({ minimum: 0 }),
  check: LibraryCheckSchema,
  index: LibraryIndexSchema,
});
export type Library = Static<typeof LibrarySchema>;
