import { Type } from 'typebox';
import { RESOURCE_TYPE_CODES, TYPE_FILTER_CODES, UPLOAD_TYPE_CODES } from './values.ts';

export { RESOURCE_TYPES, RESOURCE_TYPE_CODES, UPLOAD_TYPE_CODES, TYPE_FILTER_CODES } from './values.ts';
export type { ResourceTypeCode, UploadTypeCode, TypeFilterCode } from './values.ts';

// The schemas below read their ranges from the lists (values.ts), which are contiguous.
const range = (codes: readonly number[]) => ({ minimum: Math.min(...codes), maximum: Math.max(...codes) });

/** A resource's type on the wire. */
export const ResourceTypeCodeSchema = Type.Integer(range(RESOURCE_TYPE_CODES));
/** The type of a contribution or of a resource in a sync pack. */
export const UploadTypeCodeSchema = Type.Integer(range(UPLOAD_TYPE_CODES));
/** A `type` query parameter: 0 (Todos) or a type code. */
export const TypeFilterSchema = Type.Integer(range(TYPE_FILTER_CODES));
