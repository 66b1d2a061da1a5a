import { Type, type Static } from 'typebox';
import { TILE_ICONS } from './portal-data.ts';

/**
 * The tools the portal menu can show (docs/PRODUCT.md#services-modes) and the three services modes,
 * each with its fixed title and tool lists. Spanish labels are data here
 * because every client (the PWA, the group's mobile app) shows the same menu.
 */
export const ServicesModeSchema = Type.Union([Type.Literal('default'), Type.Literal('planet'), Type.Literal('community')]);
export type ServicesModeName = Static<typeof ServicesModeSchema>;
export const SERVICES_MODES: readonly ServicesModeName[] = ['default', 'planet', 'community'];

export const TOOL_IDS = [
  'login', 'library', 'uadmin', 'ads', 'multimedia', 'surveys', 'encyclopedia', 'courses',
  'telehealth', 'apps', 'news', 'books', 'sustainability', 'nutrition', 'wellbeing', 'chat',
  'employability', 'government', 'tutorial', 'appDownload', 'addTool',
] as const;
export type ToolId = (typeof TOOL_IDS)[number];

export const ServiceSchema = Type.Object({
  id: Type.String(),
  name: Type.String(),
  /** internal route (starts with /), another service's URL on the kit (external), or null when no target is set yet */
  href: Type.Union([Type.String(), Type.Null()]),
  /** href is another program's address: open it with a full page load, not the PWA's router */
  external: Type.Boolean(),
  disabled: Type.Boolean(),
  adminOnly: Type.Boolean(),
  /** the pictogram the tile shows (docs/API-portal.md) */
  icon: Type.Enum(TILE_ICONS),
});
export type Service = Static<typeof ServiceSchema>;

export const ServiceListSchema = Type.Object({ title: Type.String(), services: Type.Array(ServiceSchema) });

export const CountrySchema = Type.Object({ code: Type.String(), numberCode: Type.String(), flag: Type.String(), name: Type.String(), placeholder: Type.String() });
export type Country = Static<typeof CountrySchema>;

export const FastAccessServicesSchema = Type.Object({
  mode: ServicesModeSchema,
  availableServices: ServiceListSchema,
  mobileServices: ServiceListSchema,
  countriesAvailable: Type.Array(CountrySchema),
  pathMenuTopBanner: Type.Union([Type.String(), Type.Null()]),
  pathMenuBottomBanner: Type.Union([Type.String(), Type.Null()]),
  pathMenuMobileBanner: Type.Union([Type.String(), Type.Null()]),
  pathPublicityBanner: Type.Union([Type.String(), Type.Null()]),
  unetData: Type.Object({ header: Type.String(), title: Type.String(), footer: Type.String(), footerHeight: Type.Integer() }),
});
export type FastAccessServices = Static<typeof FastAccessServicesSchema>;

/** docs/PRODUCT.md#profile-form countries; placeholders from docs/PRODUCT.md#profile-form. */
export const COUNTRIES: Country[] = [
  { code: '+51', numberCode: '51', flag: '🇵🇪', name: 'Perú', placeholder: '987654321' },
  { code: '+502', numberCode: '502', flag: '🇬🇹', name: 'Guatemala', placeholder: '45678912' },
  { code: '+1', numberCode: '1', flag: '🇺🇸', name: 'Estados Unidos', placeholder: '5551234567' },
];
