import { Type } from 'typebox';
import { RESOURCE_TYPE_CODES, TYPE_FILTER_CODES, UPLOAD_TYPE_CODES } from './values.ts';

export { RESOURCE_TYPES, RESOURCE_TYPE_CODES, UPLOAD_TYPE_CODES, TYPE_FILTER_CODES } from './values.ts';
export type { ResourceTypeCode, UploadTypeCode, TypeFilterCode } from './values.ts';

// The schemas below read their codes from the lists (values.ts); the upload
// list skips LIST, so each is an enumeration, not a range.
const oneOf = (codes: readonly number[]) => Type.Integer({ enum: [...codes] });

/** A resource's type on the wire. */
export const ResourceTypeCodeSchema = oneOf(RESOURCE_TYPE_CODES);
/** The type of a contribution or of a resource in a sync pack. */
export const UploadTypeCodeSchema = oneOf(UPLOAD_TYPE_CODES);
/** A `type` query parameter: 0 (Todos) or a type code. */
export const TypeFilterSchema = oneOf(TYPE_FILTER_CODES);
