import { Type } from 'typebox';

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
} as const;

const { ALL, IMAGE, DOCUMENT, VIDEO, AUDIO, APP, LIST } = RESOURCE_TYPES;

/** The types a resource can have (ALL is a filter, not a type). */
export const RESOURCE_TYPE_CODES = [IMAGE, DOCUMENT, VIDEO, AUDIO, APP, LIST] as const;
export type ResourceTypeCode = (typeof RESOURCE_TYPE_CODES)[number];

/** The types a contribution may carry a file of: every type but a list, which is made, not uploaded. */
export const UPLOAD_TYPE_CODES = [IMAGE, DOCUMENT, VIDEO, AUDIO, APP] as const;
export type UploadTypeCode = (typeof UPLOAD_TYPE_CODES)[number];

/** The codes a type filter accepts: ALL or one type. */
export const TYPE_FILTER_CODES = [ALL, ...RESOURCE_TYPE_CODES] as const;
export type TypeFilterCode = (typeof TYPE_FILTER_CODES)[number];

// The schemas below read their ranges from the lists above, which are contiguous.
const range = (codes: readonly number[]) => ({ minimum: Math.min(...codes), maximum: Math.max(...codes) });

/** A resource's type on the wire. */
export const ResourceTypeCodeSchema = Type.Integer(range(RESOURCE_TYPE_CODES));
/** The type of a contribution or of a resource in a sync pack. */
export const UploadTypeCodeSchema = Type.Integer(range(UPLOAD_TYPE_CODES));
/** A `type` query parameter: 0 (Todos) or a type code. */
export const TypeFilterSchema = Type.Integer(range(TYPE_FILTER_CODES));
