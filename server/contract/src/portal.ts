import { Type, type Static, type TSchema } from 'typebox';
import { pagedSchema } from './common.ts';
import { AD_CATEGORIES, AD_CONTACT_MAX, AD_EXPIRY_DAYS, AD_QUERY_MAX, AD_REASON_MAX, AD_STATUSES, AD_TEXT_MAX, AD_TEXT_MIN, AD_TITLE_MAX, AD_TITLE_MIN, BANNER_SLOTS, CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_NAME_MAX, CONTACT_REPLY_TO_MAX, PACKAGE_NAME_MAX, PACKAGE_NOTES_MAX, PACKAGE_VERSION_MAX, TILE_ICONS, TILE_LABEL_MAX, TILE_TARGET_KINDS, TILE_TARGET_MAX } from './portal-data.ts';
import { ResourceSummarySchema } from './library.ts';
import { ServicesModeSchema } from './menu.ts';

/*
 * Portal (docs/API-portal.md): menu tiles admins configure, banners, the ads board,
 * the contact form, the apps repository and the download pages.
 * docs/API-portal.md describes every path.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
/** Text a person typed: not only spaces. */
const Text = (min: number, max: number) => Type.String({ minLength: min, maxLength: max, pattern: '\\S' });

// ---------------------------------------------------------------- menu tiles

export const TileTargetSchema = Type.Object({
  kind: Type.Enum(TILE_TARGET_KINDS),
  /** route: a path such as /uapps; category: its id; type: 1–6; url: http(s)://…; none: '' */
  value: Type.String({ maxLength: TILE_TARGET_MAX }),
});
export type TileTarget = Static<typeof TileTargetSchema>;

/** A pictogram of the set (TILE_ICONS); any other name is refused. */
export const TileIconSchema = Type.Enum(TILE_ICONS);

export const MenuModeParamsSchema = Type.Object({ mode: ServicesModeSchema });
export const MenuTileParamsSchema = Type.Object({
  mode: ServicesModeSchema,
  /** a catalogue tool id (library, news…) or custom-{n} for a tile an admin added */
  key: Type.String({ pattern: '^(custom-[1-9][0-9]{0,9}|[a-zA-Z]{2,20})$' }),
});

/** One tile of a mode as the admin editor sees it, hidden ones included. */
export const AdminTileSchema = Type.Object({
  key: Type.String(),
  /** the catalogue tool, null for a tile an admin added */
  toolId: Nullable(Type.String()),
  /** what the menu shows */
  name: Type.String(),
  /** the catalogue's name, null for added tiles */
  defaultName: Nullable(Type.String()),
  /** where it goes now; kind none when it has no target */
  target: TileTargetSchema,
  /** the menu's link, null when there is none */
  href: Nullable(Type.String()),
  external: Type.Boolean(),
  /** the admins' name for it, null when it shows the catalogue's */
  label: Nullable(Type.String()),
  /** the pictogram the menu shows */
  icon: TileIconSchema,
  /** the catalogue's pictogram, null for added tiles */
  defaultIcon: Nullable(TileIconSchema),
  /** the admins chose its target (an added tile always) */
  targetOverridden: Type.Boolean(),
  hidden: Type.Boolean(),
  disabled: Type.Boolean(),
  adminOnly: Type.Boolean(),
  /** shown on the phone list too */
  mobile: Type.Boolean(),
  custom: Type.Boolean(),
  /** the target is fixed (login, Uadmin, the editor itself, tools the product shows disabled) */
  lockedTarget: Type.Boolean(),
  /** cannot be hidden (the way into this editor) */
  lockedHidden: Type.Boolean(),
});
export type AdminTile = Static<typeof AdminTileSchema>;

export const AdminMenuSchema = Type.Object({
  mode: ServicesModeSchema,
  /** the services mode the kit shows now */
  active: Type.Boolean(),
  title: Type.String(),
  mobileTitle: Type.String(),
  tiles: Type.Array(AdminTileSchema),
});
export type AdminMenu = Static<typeof AdminMenuSchema>;

export const CreateTileSchema = Type.Object({
  label: Text(1, TILE_LABEL_MAX),
  target: TileTargetSchema,
  hidden: Type.Optional(Type.Boolean()),
  /** absent: the default pictogram */
  icon: Type.Optional(TileIconSchema),
});
export type CreateTile = Static<typeof CreateTileSchema>;

export const UpdateTileSchema = Type.Object({
  /** null: back to the catalogue's name */
  label: Type.Optional(Nullable(Text(1, TILE_LABEL_MAX))),
  /** null: back to the catalogue's target */
  target: Type.Optional(Nullable(TileTargetSchema)),
  hidden: Type.Optional(Type.Boolean()),
  /** null: the catalogue's pictogram back (an added tile: the default one) */
  icon: Type.Optional(Nullable(TileIconSchema)),
});
export type UpdateTile = Static<typeof UpdateTileSchema>;

export const OrderTilesSchema = Type.Object({
  /** every tile key of the mode, in the new order */
  keys: Type.Array(Type.String({ maxLength: 30 }), { minItems: 1, maxItems: 100, uniqueItems: true }),
});
export type OrderTiles = Static<typeof OrderTilesSchema>;

// ---------------------------------------------------------------- settings

// The admin settings schemas live in admin.ts (every /admin/data setting: docs/API-admin.md).

// ---------------------------------------------------------------- banners

export const BannerSlotSchema = Type.Enum(BANNER_SLOTS);
export const BannerSlotParamsSchema = Type.Object({ slot: BannerSlotSchema });

export const BannerSchema = Type.Object({
  id: Type.Integer(),
  slot: BannerSlotSchema,
  imageUrl: Type.String(),
  active: Type.Boolean(),
  createdAt: Type.String(),
});
export type Banner = Static<typeof BannerSchema>;
export const BannerListSchema = Type.Object({ data: Type.Array(BannerSchema) });
export type BannerList = Static<typeof BannerListSchema>;

// ---------------------------------------------------------------- ads board

export const AdCategorySchema = Type.Enum(AD_CATEGORIES);
export const AdStatusSchema = Type.Enum(AD_STATUSES);

export const AdSchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  text: Type.String(),
  imageUrl: Nullable(Type.String()),
  contact: Type.String(),
  category: AdCategorySchema,
  status: AdStatusSchema,
  /** the moderator's reason (rejected, blocked): only the author and admins see it */
  statusReason: Nullable(Type.String()),
  expiresAt: Type.String(),
  expired: Type.Boolean(),
  createdAt: Type.String(),
  user: Nullable(Type.Object({ id: Type.Integer(), user_name: Type.String() })),
});
export type Ad = Static<typeof AdSchema>;
export const AdPageSchema = pagedSchema(AdSchema);
export type AdPage = Static<typeof AdPageSchema>;

export const CreateAdSchema = Type.Object({
  title: Text(AD_TITLE_MIN, AD_TITLE_MAX),
  text: Text(AD_TEXT_MIN, AD_TEXT_MAX),
  contact: Text(3, AD_CONTACT_MAX),
  category: AdCategorySchema,
  /** how long it stays up once published */
  expiresInDays: Type.Enum(AD_EXPIRY_DAYS),
});
export type CreateAd = Static<typeof CreateAdSchema>;

export const QueryAdsSchema = Type.Object({
  q: Type.Optional(Type.String({ maxLength: AD_QUERY_MAX })),
  category: Type.Optional(AdCategorySchema),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
});
export type QueryAds = Static<typeof QueryAdsSchema>;

/** The admin list: a status, or expired (published notices whose time is up). */
export const QueryAdminAdsSchema = Type.Object({
  status: Type.Optional(Type.Union([AdStatusSchema, Type.Literal('expired')], { default: 'pending' })),
  page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
});
export type QueryAdminAds = Static<typeof QueryAdminAdsSchema>;

export const ModerateAdSchema = Type.Object({
  status: Type.Union([Type.Literal('published'), Type.Literal('rejected'), Type.Literal('blocked')]),
  reason: Type.Optional(Type.String({ maxLength: AD_REASON_MAX })),
});
export type ModerateAd = Static<typeof ModerateAdSchema>;

// ---------------------------------------------------------------- contact

export const CreateContactMessageSchema = Type.Object({
  name: Text(1, CONTACT_NAME_MAX),
  /** where the answer goes: an e-mail or a phone number */
  replyTo: Text(3, CONTACT_REPLY_TO_MAX),
  message: Text(CONTACT_MESSAGE_MIN, CONTACT_MESSAGE_MAX),
});
export type CreateContactMessage = Static<typeof CreateContactMessageSchema>;

export const ContactMessageSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  replyTo: Type.String(),
  message: Type.String(),
  user: Nullable(Type.Object({ id: Type.Integer(), user_name: Type.String() })),
  createdAt: Type.String(),
});
export type ContactMessage = Static<typeof ContactMessageSchema>;
export const ContactMessagePageSchema = pagedSchema(ContactMessageSchema);
export type ContactMessagePage = Static<typeof ContactMessagePageSchema>;

export const ContactReceiptSchema = Type.Object({ id: Type.Integer() });

// ---------------------------------------------------------------- apps repository

/** GET /api/v2/apps: a published resource of type 5 (Aplicación) with what /uapps shows. */
export const AppEntrySchema = Type.Object({
  ...ResourceSummarySchema.properties,
  description: Type.String(),
  app_version: Nullable(Type.String()),
  /** the package as an attachment; counts a download */
  downloadUrl: Nullable(Type.String()),
  /** the app has a package but this kit keeps downloads from this viewer (docs/PRODUCT.md#downloads) */
  downloadsOff: Type.Boolean(),
});
export type AppEntry = Static<typeof AppEntrySchema>;
export const AppPageSchema = pagedSchema(AppEntrySchema);
export type AppPage = Static<typeof AppPageSchema>;
export const QueryAppsSchema = Type.Object({ page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })) });

// ---------------------------------------------------------------- download pages

/** The group's mobile app (/extra/download) or a browser for old phones (/extra/download-browser). */
export const PackageSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  version: Type.String(),
  notes: Type.String(),
  fileName: Type.String(),
  size: Type.Integer(),
  uploadedAt: Type.String(),
  downloadUrl: Type.String(),
});
export type Package = Static<typeof PackageSchema>;

export const AppPackageInfoSchema = Type.Object({ package: Nullable(PackageSchema) });
export type AppPackageInfo = Static<typeof AppPackageInfoSchema>;
export const PackageListSchema = Type.Object({ data: Type.Array(PackageSchema) });
export type PackageList = Static<typeof PackageListSchema>;

/** Upload metadata, sent in the query string beside the multipart file. */
export const UploadPackageQuerySchema = Type.Object({
  name: Type.Optional(Text(1, PACKAGE_NAME_MAX)),
  version: Type.Optional(Type.String({ maxLength: PACKAGE_VERSION_MAX })),
  notes: Type.Optional(Type.String({ maxLength: PACKAGE_NOTES_MAX })),
});
export type UploadPackageQuery = Static<typeof UploadPackageQuerySchema>;
export const UploadBrowserQuerySchema = Type.Object({
  name: Text(1, PACKAGE_NAME_MAX),
  version: Type.Optional(Type.String({ maxLength: PACKAGE_VERSION_MAX })),
  notes: Type.Optional(Type.String({ maxLength: PACKAGE_NOTES_MAX })),
});
export type UploadBrowserQuery = Static<typeof UploadBrowserQuerySchema>;
