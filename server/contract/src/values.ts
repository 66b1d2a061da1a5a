/*
 * The contract's plain values, with no schema code: the web imports them from
 * '@kit/contract/values', so a page that needs a type code or a length limit
 * does not ship the schema library (typebox) to the phone. resource-types.ts
 * and contributions.ts re-export them with their schemas.
 */

/**
 * Resource type codes, the one definition for server and web
 * (docs/PRODUCT.md#type-codes). The numbers are part of the API; compare by
 * name, never by number. Labels, icons and colours are the web's.
 */
export const RESOURCE_TYPES = {
  /** only a filter: "every type" */
  ALL: 0,
  IMAGE: 1,
  DOCUMENT: 2,
  VIDEO: 3,
  AUDIO: 4,
  APP: 5,
  /** a playlist published as a resource; it has no file */
  LIST: 6,
  /** «Biblioteca»: an offline library in one ZIM file (Wikipedia, Khan Academy…); only admins bring them */
  LIBRARY: 7,
} as const;

const { ALL, IMAGE, DOCUMENT, VIDEO, AUDIO, APP, LIST, LIBRARY } = RESOURCE_TYPES;

/** The types a resource can have (ALL is a filter, not a type). */
export const RESOURCE_TYPE_CODES = [IMAGE, DOCUMENT, VIDEO, AUDIO, APP, LIST, LIBRARY] as const;
export type ResourceTypeCode = (typeof RESOURCE_TYPE_CODES)[number];

/** The types a contribution may carry a file of: every type but a list, which is made, not uploaded. */
export const UPLOAD_TYPE_CODES = [IMAGE, DOCUMENT, VIDEO, AUDIO, APP, LIBRARY] as const;
export type UploadTypeCode = (typeof UPLOAD_TYPE_CODES)[number];

/** The codes a type filter accepts: ALL or one type. */
export const TYPE_FILTER_CODES = [ALL, ...RESOURCE_TYPE_CODES] as const;
export type TypeFilterCode = (typeof TYPE_FILTER_CODES)[number];

/** A resource's text fields, in characters (the upload and edit forms, the server's schemas). */
export const TITLE_MAX = 200;
export const AUTHOR_MAX = 120;
export const SOURCE_MAX = 300;
export const DESCRIPTION_MAX = 5000;

/** a comment, counted in characters after trimming */
export const COMMENT_MAX = 1000;
export const REASON_MAX = 500;
export const PLAYLIST_NAME_MAX = 100;
