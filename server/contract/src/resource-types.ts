/** SPEC §3 resource type codes. Labels are in web/src/i18n/es.ts. */
export const RESOURCE_TYPES = {
  ALL: 0,
  IMAGE: 1,
  DOCUMENT: 2,
  VIDEO: 3,
  AUDIO: 4,
  APP: 5,
  LIST: 6,
} as const;
export type ResourceTypeCode = (typeof RESOURCE_TYPES)[keyof typeof RESOURCE_TYPES];
export const RESOURCE_TYPE_CODES = [1, 2, 3, 4, 5, 6] as const;
