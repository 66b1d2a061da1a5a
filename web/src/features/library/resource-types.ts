import { RESOURCE_TYPES } from '@kit/contract/values';
import { esLibrary } from '../../i18n/es-library.ts';
import type { TypeIconName } from '../../ui/Icon.tsx';

/** A type filter's code: RESOURCE_TYPES.ALL (the filter's "every type") or one of the seven types. */
export type TypeCode = (typeof RESOURCE_TYPES)[keyof typeof RESOURCE_TYPES];

const { ALL, IMAGE, DOCUMENT, VIDEO, AUDIO, APP, LIST, LIBRARY } = RESOURCE_TYPES;

export interface ResourceTypeInfo {
  code: TypeCode;
  label: string;
  /** text/icon colour, at least 4.5:1 on white */
  color: string;
  icon: TypeIconName;
}

/** docs/PRODUCT.md#type-codes: each type with its label, icon and colour. */
export const RESOURCE_TYPE_CATALOGUE: readonly ResourceTypeInfo[] = [
  { code: ALL, label: esLibrary.types[ALL], color: '#334155', icon: 'all' },
  { code: IMAGE, label: esLibrary.types[IMAGE], color: '#a04c00', icon: 'image' },
  { code: DOCUMENT, label: esLibrary.types[DOCUMENT], color: '#1d4ed8', icon: 'document' },
  { code: VIDEO, label: esLibrary.types[VIDEO], color: '#b91c1c', icon: 'video' },
  { code: AUDIO, label: esLibrary.types[AUDIO], color: '#7e22ce', icon: 'audio' },
  { code: APP, label: esLibrary.types[APP], color: '#15803d', icon: 'app' },
  { code: LIST, label: esLibrary.types[LIST], color: '#0e7490', icon: 'list' },
  { code: LIBRARY, label: esLibrary.types[LIBRARY], color: '#9d174d', icon: 'library' },
];

export function isTypeCode(value: number): value is TypeCode {
  return RESOURCE_TYPE_CATALOGUE.some((type) => type.code === value);
}

/** The catalogue entry of a code; an unknown code reads as Todos. */
export function resourceType(code: number): ResourceTypeInfo {
  return RESOURCE_TYPE_CATALOGUE.find((type) => type.code === code) ?? (RESOURCE_TYPE_CATALOGUE[0] as ResourceTypeInfo);
}

/** ?type= of a URL → a type code; anything else → 0 (Todos). */
export function parseTypeCode(raw: string | null | undefined): TypeCode {
  if (raw === null || raw === undefined || !/^\d$/.test(raw)) return ALL;
  const code = Number(raw);
  return isTypeCode(code) ? code : ALL;
}

/** A type filter as a query parameter: none for «Todos» (every type). */
export function typeQuery(code: TypeCode): number | undefined {
  return code === ALL ? undefined : code;
}

export type PlaceholderKind = 'document' | 'app' | 'other';

/** docs/PRODUCT.md#placeholders: a resource without a cover falls back to a placeholder by type (document, app, any other). */
export function placeholderKind(code: number): PlaceholderKind {
  if (code === DOCUMENT) return 'document';
  if (code === APP) return 'app';
  return 'other';
}

/**
 * What a card shows as its picture: the cover, else an image resource's own
 * file, else null (the placeholder for the type).
 */
export function coverSource(resource: { type: number; coverUrl: string | null; mediaUrl: string | null }): string | null {
  if (resource.coverUrl) return resource.coverUrl;
  if (resource.type === IMAGE && resource.mediaUrl) return resource.mediaUrl;
  return null;
}
