import { esLibrary } from '../../i18n/es-library.ts';
import type { TypeIconName } from '../../ui/Icon.tsx';

/** docs/PRODUCT.md#type-codes resource type codes: 0 Todos (the filter's "every type"), then the six types. */
export const TYPE_CODES = [0, 1, 2, 3, 4, 5, 6] as const;
export type TypeCode = (typeof TYPE_CODES)[number];
export type ResourceTypeCode = Exclude<TypeCode, 0>;

export const TYPE_ALL = 0;
export const TYPE_IMAGE = 1;
export const TYPE_DOCUMENT = 2;
export const TYPE_VIDEO = 3;
export const TYPE_AUDIO = 4;
export const TYPE_APP = 5;
export const TYPE_LIST = 6;


export interface ResourceTypeInfo {
  code: TypeCode;
  label: string;
  /** text/icon colour, at least 4.5:1 on white */
  color: string;
  icon: TypeIconName;
}

/** docs/PRODUCT.md#type-codes: each type with its label, icon and colour. */
export const RESOURCE_TYPE_CATALOGUE: readonly ResourceTypeInfo[] = [
  { code: 0, label: esLibrary.types[0], color: '#334155', icon: 'all' },
  { code: 1, label: esLibrary.types[1], color: '#a04c00', icon: 'image' },
  { code: 2, label: esLibrary.types[2], color: '#1d4ed8', icon: 'document' },
  { code: 3, label: esLibrary.types[3], color: '#b91c1c', icon: 'video' },
  { code: 4, label: esLibrary.types[4], color: '#7e22ce', icon: 'audio' },
  { code: 5, label: esLibrary.types[5], color: '#15803d', icon: 'app' },
  { code: 6, label: esLibrary.types[6], color: '#0e7490', icon: 'list' },
];

export function isTypeCode(value: number): value is TypeCode {
  return Number.isInteger(value) && value >= 0 && value <= 6;
}

/** The catalogue entry of a code; an unknown code reads as Todos. */
export function resourceType(code: number): ResourceTypeInfo {
  return RESOURCE_TYPE_CATALOGUE[isTypeCode(code) ? code : 0] ?? (RESOURCE_TYPE_CATALOGUE[0] as ResourceTypeInfo);
}

/** ?type= of a URL → a type code; anything else → 0 (Todos). */
export function parseTypeCode(raw: string | null | undefined): TypeCode {
  if (raw === null || raw === undefined || !/^\d$/.test(raw)) return 0;
  const code = Number(raw);
  return isTypeCode(code) ? code : 0;
}

export type PlaceholderKind = 'document' | 'app' | 'other';

/** docs/PRODUCT.md#placeholders: a resource without a cover falls back to a placeholder by type code (2, 5, other). */
export function placeholderKind(code: number): PlaceholderKind {
  if (code === TYPE_DOCUMENT) return 'document';
  if (code === TYPE_APP) return 'app';
  return 'other';
}

/**
 * What a card shows as its picture: the cover, else an image resource's own
 * file, else null (the placeholder for the type).
 */
export function coverSource(resource: { type: number; coverUrl: string | null; mediaUrl: string | null }): string | null {
  if (resource.coverUrl) return resource.coverUrl;
  if (resource.type === TYPE_IMAGE && resource.mediaUrl) return resource.mediaUrl;
  return null;
}
