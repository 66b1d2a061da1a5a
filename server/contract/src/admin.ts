import { Type, type Static, type TSchema } from 'typebox';
import { CategorySchema } from './library.ts';
import { ServicesModeSchema } from './menu.ts';

/*
 * Admin panel (docs/API-admin.md): dashboard, category writes, settings, reports, storage.
 * docs/API-admin.md describes every path.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

// ---------------------------------------------------------------- dashboard

/** docs/PRODUCT.md#dashboard Dashboard counters. */
export const DashboardCountersSchema = Type.Object({
  users: Type.Integer(),
  /** published resources */
  resources: Type.Integer(),
  playlists: Type.Integer(),
  /** every download of a resource since the kit started */
  downloads: Type.Integer(),
  /** open reports */
  reports: Type.Integer(),
  pendingApproval: Type.Integer(),
  drafts: Type.Integer(),
  categories: Type.Integer(),
});
export type DashboardCounters = Static<typeof DashboardCountersSchema>;

export const DashboardSchema = Type.Object({
  ...DashboardCountersSchema.properties,
  charts: Type.Object({
    /** the last 30 days, oldest first, days without activity included as zeros */
    perDay: Type.Array(Type.Object({ day: Type.String(), views: Type.Integer(), downloads: Type.Integer() })),
    /** published resources by type code (1..6) */
    byType: Type.Array(Type.Object({ typeCode: Type.Integer(), count: Type.Integer() })),
    topResources: Type.Array(Type.Object({ id: Type.Integer(), title: Type.String(), views: Type.Integer(), downloads: Type.Integer() })),
    topCategories: Type.Array(Type.Object({ id: Type.Integer(), name: Type.String(), views: Type.Integer(), resources: Type.Integer() })),
  }),
});
export type Dashboard = Static<typeof DashboardSchema>;

// ---------------------------------------------------------------- category writes

const CategoryName = Type.String({ minLength: 1, maxLength: 80, pattern: '\\S' });

export const CreateCategorySchema = Type.Object({
  name: CategoryName,
  content_type_father_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
});
export type CreateCategory = Static<typeof CreateCategorySchema>;

export const UpdateCategorySchema = Type.Object(
  {
    name: Type.Optional(CategoryName),
    content_type_father_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
    /** 1-based place among the (new) siblings; past the end means last */
    priority: Type.Optional(Type.Integer({ minimum: 1 })),
    /** 1 visible, 0 hidden: the category and its subtree then show to admins only (docs/PRODUCT.md#categories) */
    statusId: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  },
  { minProperties: 1 },
);
export type UpdateCategory = Static<typeof UpdateCategorySchema>;

export const ChangeParentSchema = Type.Object({ newParentId: Nullable(Type.Integer({ minimum: 1 })) });
export type ChangeParent = Static<typeof ChangeParentSchema>;

export const MoveBeforeSchema = Type.Object({ refCategoryId: Type.Integer({ minimum: 1 }) });
export type MoveBefore = Static<typeof MoveBeforeSchema>;

export const SortCategoriesSchema = Type.Object({
  /** every child of one parent, in the new order */
  order: Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 1000, uniqueItems: true }),
});
export type SortCategories = Static<typeof SortCategoriesSchema>;

export const SortCategoriesResponseSchema = Type.Object({ newCategories: Type.Array(CategorySchema) });
export type SortCategoriesResponse = Static<typeof SortCategoriesResponseSchema>;

/** A written category plus the siblings it now sits among (priorities 1..n). */
export const CategoryWriteResponseSchema = Type.Object({ data: CategorySchema, siblings: Type.Array(CategorySchema) });
export type CategoryWriteResponse = Static<typeof CategoryWriteResponseSchema>;

export const CategoryIdParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

// ---------------------------------------------------------------- settings

/** Paths of the app a product slug may not take (it becomes /{slug}). */
export const RESERVED_SLUGS: readonly string[] = [
  'menu', 'admin', 'login', 'register', 'search', 'home', 'featured', 'uapps', 'upload', 'resource', 'list', 'user',
  'extra', 'api', 'docs', 'pdf', 'images', 'assets', 'media', 'anuncios', 'mensajes', 'apps', 'sw', 'manifest',
  'generate_204', 'hotspot-detect', 'ncsi', 'connecttest', 'success', 'offline', 'static', 'icons', 'favicon',
];

export const AdminSettingsSchema = Type.Object({
  servicesMode: ServicesModeSchema,
  resourceModeration: Type.Boolean(),
  restrictedMode: Type.Boolean(),
  appDenyDownloadsForUsers: Type.Boolean(),
  deniedUsers: Type.Array(Type.Integer()),
  tutorialCategoryId: Nullable(Type.Integer()),
  clientCategoryId: Nullable(Type.Integer()),
  productName: Type.String(),
  productSlug: Type.String(),
  contactEmail: Type.String(),
  contactPhones: Type.Array(Type.String()),
  uploadQuotaMb: Nullable(Type.Integer()),
});
export type AdminSettings = Static<typeof AdminSettingsSchema>;

/** PUT /api/v2/admin/settings: any subset; unknown keys are refused. */
export const UpdateSettingsSchema = Type.Object(
  {
    servicesMode: Type.Optional(ServicesModeSchema),
    resourceModeration: Type.Optional(Type.Boolean()),
    restrictedMode: Type.Optional(Type.Boolean()),
    appDenyDownloadsForUsers: Type.Optional(Type.Boolean()),
    deniedUsers: Type.Optional(Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000, uniqueItems: true })),
    tutorialCategoryId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
    clientCategoryId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
    productName: Type.Optional(Type.String({ minLength: 1, maxLength: 40, pattern: '\\S' })),
    productSlug: Type.Optional(Type.String({ pattern: '^[a-z0-9-]{2,30}$' })),
    contactEmail: Type.Optional(Type.String({ minLength: 3, maxLength: 254, pattern: '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$' })),
    contactPhones: Type.Optional(Type.Array(Type.String({ minLength: 7, maxLength: 20, pattern: '^\\+?[0-9 .-]+$' }), { minItems: 2, maxItems: 2 })),
    /**
     * each user's storage for uploads, in MiB; null for no limit (admins never have one).
     * One schema with both types rather than a union, so the validator's type coercion
     * cannot turn a 0 into null (no limit).
     */
    uploadQuotaMb: Type.Optional(Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 1, maximum: 10_000_000 })),
  },
  { minProperties: 1, additionalProperties: false },
);
export type UpdateSettings = Static<typeof UpdateSettingsSchema>;

// ---------------------------------------------------------------- reports and storage

export const UsageReportQuerySchema = Type.Object({
  from: Type.Optional(Type.String({ format: 'date' })),
  to: Type.Optional(Type.String({ format: 'date' })),
  by: Type.Optional(Type.Union([Type.Literal('resource'), Type.Literal('category'), Type.Literal('day')], { default: 'resource' })),
});
export type UsageReportQuery = Static<typeof UsageReportQuerySchema>;

export const StorageSchema = Type.Object({
  disk: Type.Object({ totalBytes: Type.Number(), freeBytes: Type.Number(), usedBytes: Type.Number() }),
  media: Type.Array(Type.Object({ kind: Type.String(), files: Type.Integer(), bytes: Type.Number() })),
  mediaBytes: Type.Number(),
  databaseBytes: Type.Number(),
});
export type Storage = Static<typeof StorageSchema>;
