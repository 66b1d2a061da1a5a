import { Type, type Static, type TSchema } from 'typebox';
import { pagedSchema } from './common.ts';
import { TypeFilterSchema, UploadTypeCodeSchema } from './resource-types.ts';
import { COMMENT_MAX, DESCRIPTION_MAX, PLAYLIST_NAME_MAX, REASON_MAX, TITLE_MAX } from './values.ts';
import { isChoiceTerm, LICENSES, RESOURCE_TERMS, type ChoiceTerm, type ResourceTerm } from './resource-terms.ts';
import { DEFAULT_PER_PAGE, MAX_PER_PAGE, RenditionJobSchema, ReportNoteSchema, ResourceDetailSchema, ResourceSummarySchema, ResourceUserSchema } from './library.ts';

/*
 * Contributions (docs/API-contributions.md): drafts and uploads, covers, moderation, reports,
 * comments, favourites, list editing, idempotent replays.
 * docs/API-contributions.md describes every path, rule and error.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

// ---------------------------------------------------------------- limits

export { AUTHOR_MAX, COMMENT_MAX, DESCRIPTION_MAX, PLAYLIST_NAME_MAX, REASON_MAX, SOURCE_MAX, TITLE_MAX } from './values.ts';
/** items one list may hold */
export const PLAYLIST_MAX_ITEMS = 500;
/** a cover image as uploaded, before it is resized */
export const COVER_MAX_BYTES = 10 * 1024 * 1024;
/** covers are stored as WebP fitting in this square (aspect kept, never enlarged) */
export const COVER_SIZE = 640;
/** what a client should send per PATCH of a resumable upload (the server accepts any size) */
export const UPLOAD_CHUNK_BYTES = 4 * 1024 * 1024;
/** an upload untouched this long is deleted with its bytes */
export const UPLOAD_STALE_HOURS = 24;
/** how long an Idempotency-Key's first answer is kept */
export const IDEMPOTENCY_TTL_DAYS = 7;

export const LicenseSchema = Type.Enum([...LICENSES]);

const textTermBody = (max: number) => Type.Optional(Type.String({ maxLength: max }));
const choiceTermBody = <Choices extends readonly string[]>(choices: Choices) => Type.Optional(Nullable(Type.Enum<[...Choices]>([...choices])));
type TermBody<T extends ResourceTerm> = T extends ChoiceTerm ? ReturnType<typeof choiceTermBody<T['choices']>> : ReturnType<typeof textTermBody>;

/** The terms (resource-terms.ts) as a draft's body takes them, each optional: text up to its limit, or a choice (null: none yet). */
const termsBody = () =>
  Object.fromEntries(RESOURCE_TERMS.map((term) => [term.name, isChoiceTerm(term) ? choiceTermBody(term.choices) : textTermBody(term.max)])) as {
    [T in ResourceTerm as T['name']]: TermBody<T>;
  };

// ---------------------------------------------------------------- drafts

/** POST /api/v2/resources: a new draft. Only the title, the type and the declaration are needed now; the rest before submitting. */
export const CreateResourceSchema = Type.Object({
  title: Type.String({ maxLength: TITLE_MAX }),
  type: UploadTypeCodeSchema,
  ...termsBody(),
  description: Type.Optional(Type.String({ maxLength: DESCRIPTION_MAX })),
  content_type_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  /** must be true: the file is public domain or rights-free (docs/PRODUCT.md#uploads) */
  rights_declared: Type.Boolean(),
});
export type CreateResource = Static<typeof CreateResourceSchema>;

/** PATCH /api/v2/resources/{id}: any subset; missing fields stay as they are. */
export const UpdateResourceSchema = Type.Object({
  title: Type.Optional(Type.String({ maxLength: TITLE_MAX })),
  type: Type.Optional(UploadTypeCodeSchema),
  ...termsBody(),
  description: Type.Optional(Type.String({ maxLength: DESCRIPTION_MAX })),
  content_type_id: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  rights_declared: Type.Optional(Type.Boolean()),
});
export type UpdateResource = Static<typeof UpdateResourceSchema>;

/** Everything a caller may do to a resource, as the server's transition table allows it. */
export const RESOURCE_ACTIONS = ['edit', 'delete', 'submit', 'withdraw', 'approve', 'reject', 'block', 'unblock', 'keep', 'report'] as const;
export type ResourceAction = (typeof RESOURCE_ACTIONS)[number];
export const ResourceActionSchema = Type.Enum([...RESOURCE_ACTIONS]);

// ---------------------------------------------------------------- uploads

/** POST /api/uploads: start (or find again) a resumable upload of a resource's file. */
export const CreateUploadSchema = Type.Object({
  resourceId: Type.Integer({ minimum: 1 }),
  /** the whole file, in bytes */
  size: Type.Integer({ minimum: 1 }),
  /** the file's name on the phone: only shown, sanitised, never a path */
  name: Type.Optional(Type.String({ maxLength: 1000 })),
});
export type CreateUpload = Static<typeof CreateUploadSchema>;

export const UploadIdParamsSchema = Type.Object({ id: Type.String({ pattern: '^[0-9a-f]{32}$' }) });

/** A resumable upload: offset = bytes the server holds, safely on disk. */
export const UploadSchema = Type.Object({
  id: Type.String(),
  resourceId: Type.Integer(),
  size: Type.Integer(),
  offset: Type.Integer(),
  name: Nullable(Type.String()),
  createdAt: Type.String(),
  /** deleted with its bytes if nothing arrives before this time */
  expiresAt: Type.String(),
  /** suggested bytes per PATCH */
  chunkSize: Type.Integer(),
});
export type Upload = Static<typeof UploadSchema>;

// ---------------------------------------------------------------- managed resources

const ManagedExtras = {
  /** the owner declared the file public domain or rights-free */
  rightsDeclared: Type.Boolean(),
  /** what the caller may do now (the server decides; buttons follow this) */
  actions: Type.Array(ResourceActionSchema),
  /** open reports (admins only; 0 for everyone else) */
  openReports: Type.Integer(),
  /** the sanitised name of the uploaded file, for display */
  mediaName: Nullable(Type.String()),
  /** an unfinished upload of this resource's file by the caller, to resume */
  upload: Nullable(UploadSchema),
  /** the job preparing its phone copies (pending, running or failed); null when none is under way */
  renditionJob: Nullable(RenditionJobSchema),
};

/** A resource as its owner or an admin manages it: the page's detail plus state and allowed actions. */
export const ManagedResourceSchema = Type.Object({
  ...ResourceDetailSchema.properties,
  ...ManagedExtras,
  /** the cover was chosen by a person (not made from the image itself) */
  coverCustom: Type.Boolean(),
});
export type ManagedResource = Static<typeof ManagedResourceSchema>;

export const ReportSchema = Type.Object({
  id: Type.Integer(),
  resourceId: Type.Integer(),
  reason: Type.String(),
  status: Type.Union([Type.Literal('open'), Type.Literal('kept'), Type.Literal('blocked'), Type.Literal('dismissed')]),
  /** who reported; shown to admins only (null for the reporter's own view and deleted accounts) */
  user: Nullable(ResourceUserSchema),
  createdAt: Type.String(),
  resolvedAt: Nullable(Type.String()),
});
export type Report = Static<typeof ReportSchema>;

/** A row of the owner's and the admin lists. */
export const ManagedSummarySchema = Type.Object({
  ...ResourceSummarySchema.properties,
  statusReason: Nullable(Type.String()),
  /** what the open reports say, newest first (at most 20), without who said it */
  reportNotes: Type.Array(ReportNoteSchema),
  ...ManagedExtras,
  /** only in the admin "reports" list: the open reports, newest first (at most 20) */
  reports: Type.Optional(Type.Array(ReportSchema)),
});
export type ManagedSummary = Static<typeof ManagedSummarySchema>;

export const ManagedPageSchema = pagedSchema(ManagedSummarySchema);
export type ManagedPage = Static<typeof ManagedPageSchema>;

const Page = Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 });
const PerPage = Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE });

/** GET /api/v2/resources/mine */
export const QueryMineSchema = Type.Object({
  /** comma-separated statuses (draft,pending,published,rejected,blocked); absent: all */
  status: Type.Optional(Type.String({ maxLength: 60, pattern: '^(draft|pending|published|rejected|blocked)(,(draft|pending|published|rejected|blocked))*$' })),
  page: Type.Optional(Page),
  per_page: Type.Optional(PerPage),
});
export type QueryMine = Static<typeof QueryMineSchema>;

/** The admin resource pages of docs/PRODUCT.md#moderation-lists, one list each: /admin/resources/{list}. */
export const ADMIN_LISTS = ['all', 'block', 'draft', 'pending-approval', 'reports', 'upload'] as const;
export type AdminList = (typeof ADMIN_LISTS)[number];
export const AdminListParamsSchema = Type.Object({ list: Type.Enum([...ADMIN_LISTS]) });

/** GET /api/v2/admin/resources/{list} */
export const QueryAdminResourcesSchema = Type.Object({
  /** words of title, description, author, category, or the owner's user name */
  q: Type.Optional(Type.String({ maxLength: 200 })),
  page: Type.Optional(Page),
  per_page: Type.Optional(PerPage),
  /** 0 or absent: every type */
  type: Type.Optional(TypeFilterSchema),
});
export type QueryAdminResources = Static<typeof QueryAdminResourcesSchema>;

/** reject (required), block (optional), report (required) */
export const ReasonBodySchema = Type.Object({ reason: Type.Optional(Type.String({ maxLength: REASON_MAX * 2 })) });
export type ReasonBody = Static<typeof ReasonBodySchema>;

/** POST /api/v2/resources/{id}/cover and DELETE: the cover the resource now has. */
export const CoverSchema = Type.Object({
  coverUrl: Nullable(Type.String()),
  coverCustom: Type.Boolean(),
  sha256: Nullable(Type.String()),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
});
export type Cover = Static<typeof CoverSchema>;

// ---------------------------------------------------------------- comments

/** docs/PRODUCT.md#comments Comment: the text is plain text, to be rendered as text (never HTML). */
export const CommentSchema = Type.Object({
  id: Type.Integer(),
  content_id: Type.Integer(),
  comment: Type.String(),
  user: Nullable(ResourceUserSchema),
  createdAt: Type.String(),
  /** the caller wrote it or is an admin */
  canDelete: Type.Boolean(),
});
export type Comment = Static<typeof CommentSchema>;
export const CommentPageSchema = pagedSchema(CommentSchema);
export type CommentPage = Static<typeof CommentPageSchema>;

export const CreateCommentSchema = Type.Object({
  content_id: Type.Integer({ minimum: 1 }),
  /** 1–1000 characters once trimmed; longer bodies are refused before reading further */
  comment: Type.String({ maxLength: COMMENT_MAX * 4 }),
});
export type CreateComment = Static<typeof CreateCommentSchema>;

/** Comments under a resource, a page at a time. */
export const COMMENTS_PER_PAGE = 20;

export const QueryCommentsSchema = Type.Object({
  page: Type.Optional(Page),
  per_page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: COMMENTS_PER_PAGE })),
});

export const ResourceIdParamsSchema = Type.Object({ resourceId: Type.Integer({ minimum: 1 }) });

// ---------------------------------------------------------------- favourites and lists

export const FavoriteStateSchema = Type.Object({ resourceId: Type.Integer(), isFavorite: Type.Boolean() });
export type FavoriteState = Static<typeof FavoriteStateSchema>;

export const QueryPageSchema = Type.Object({ page: Type.Optional(Page), per_page: Type.Optional(PerPage) });

/** A list on a profile: what a card needs. */
export const PlaylistCardSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  createdAt: Type.String(),
  updatedAt: Type.String(),
  /** items the caller may see */
  count: Type.Integer(),
  /** the first visible item's cover, or null */
  coverUrl: Nullable(Type.String()),
  /** only when asked with ?resource=: the list holds that resource */
  hasResource: Type.Optional(Type.Boolean()),
});
export type PlaylistCard = Static<typeof PlaylistCardSchema>;
export const PlaylistCardListSchema = Type.Object({ data: Type.Array(PlaylistCardSchema) });
export type PlaylistCardList = Static<typeof PlaylistCardListSchema>;

export const QueryUserPlaylistsSchema = Type.Object({ resource: Type.Optional(Type.Integer({ minimum: 1 })) });

export const PlaylistNameSchema = Type.Object({ name: Type.String({ maxLength: PLAYLIST_NAME_MAX * 2 }) });
export type PlaylistName = Static<typeof PlaylistNameSchema>;
export const AddPlaylistItemSchema = Type.Object({ resource_id: Type.Integer({ minimum: 1 }) });
export type AddPlaylistItem = Static<typeof AddPlaylistItemSchema>;
export const PlaylistItemParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }), resourceId: Type.Integer({ minimum: 1 }) });

// ---------------------------------------------------------------- idempotency

/** Header of the writes an offline outbox may replay. */
export const IDEMPOTENCY_HEADER = 'idempotency-key';
export const IdempotencyHeadersSchema = Type.Object({
  'idempotency-key': Type.Optional(Type.String({ minLength: 1, maxLength: 200, pattern: '^[A-Za-z0-9._:-]+$' })),
});

// ---------------------------------------------------------------- upload answers

/** PATCH /api/uploads/{id}: how far the file got; the last byte attaches it and answers the resource. */
export const UploadProgressSchema = Type.Object({
  id: Type.String(),
  offset: Type.Integer(),
  size: Type.Integer(),
  complete: Type.Boolean(),
  resource: Nullable(ManagedResourceSchema),
});
export type UploadProgress = Static<typeof UploadProgressSchema>;

/** GET /api/v2/uploads/config: what the upload form needs to know before sending anything. */
export const UploadConfigSchema = Type.Object({
  /** largest file, bytes (KIT_MAX_UPLOAD_MB) */
  maxBytes: Type.Integer(),
  /** suggested bytes per PATCH */
  chunkSize: Type.Integer(),
  coverMaxBytes: Type.Integer(),
  /** unfinished uploads are deleted after this many hours without bytes */
  staleHours: Type.Integer(),
  licenses: Type.Array(Type.String()),
  /** type codes that take a file */
  types: Type.Array(Type.Integer()),
  /** resourceModeration: submitting sends to approval (true) or publishes at once (false); admins always publish */
  moderation: Type.Boolean(),
});
export type UploadConfig = Static<typeof UploadConfigSchema>;

/** GET /api/v2/uploads/quota: the caller's storage on the kit (docs/API-contributions.md "Storage quota"). */
export const UploadQuotaSchema = Type.Object({
  /** the caller's resources' files, plus the declared size of each unfinished upload */
  usedBytes: Type.Integer(),
  /** null: no limit (admins, or none set on /admin/data) */
  quotaBytes: Nullable(Type.Integer()),
});
export type UploadQuota = Static<typeof UploadQuotaSchema>;
