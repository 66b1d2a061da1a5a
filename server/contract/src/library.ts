import { Type, type Static, type TSchema, type TString } from 'typebox';
import { pagedSchema } from './common.ts';
import { ResourceTypeCodeSchema, TypeFilterSchema } from './resource-types.ts';
import { RESOURCE_TERM_NAMES, type ResourceTermName } from './resource-terms.ts';

/*
 * Library read side (docs/API-library.md): categories, resources, lists, search.
 * docs/API-library.md describes every path, parameter and decision.
 */

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

/** Page size when a list does not ask for one, and the most one may ask for. */
export const DEFAULT_PER_PAGE = 24;
export const MAX_PER_PAGE = 60;
/** Longest search text accepted; longer is a 400, never a slow query. */
export const SEARCH_QUERY_MAX = 200;

// ---------------------------------------------------------------- categories

/** docs/PRODUCT.md#categories Category. parentId comes from the stored parent, statusId 1 visible, 0 hidden (admins only). */
export const CategorySchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  priority: Type.Integer(),
  parentId: Nullable(Type.Integer()),
  childrenCount: Type.Integer(),
  statusId: Type.Integer(),
});
export type Category = Static<typeof CategorySchema>;

/**
 * GET /api/content/types: a category; with graph=true it also carries its
 * children, recursively (siblings sorted by priority).
 */
export const CategoryTreeNodeSchema = Type.Cyclic(
  {
    CategoryTreeNode: Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      priority: Type.Integer(),
      parentId: Nullable(Type.Integer()),
      childrenCount: Type.Integer(),
      statusId: Type.Integer(),
      children: Type.Optional(Type.Array(Type.Ref('CategoryTreeNode'))),
    }),
  },
  'CategoryTreeNode',
);
export type CategoryTreeNode = Static<typeof CategoryTreeNodeSchema>;

export const CategoryTypesQuerySchema = Type.Object({
  /** true or 1: nested tree; anything else: flat list in tree order */
  graph: Type.Optional(Type.String({ pattern: '^(true|false|1|0)?$' })),
});
export const CategoryTypesResponseSchema = Type.Object({ data: Type.Array(CategoryTreeNodeSchema) });
export type CategoryTypesResponse = Static<typeof CategoryTypesResponseSchema>;

/**
 * Fields a client may ask of /v2/categories/… with ?fields=. Each answer
 * carries exactly the asked names, spelled as asked: status_id and statusId
 * are the same value, as are parentId and content_type_father_id (docs/PRODUCT.md#api-contract's
 * names for them).
 */
export const CATEGORY_FIELDS = ['id', 'name', 'priority', 'parentId', 'content_type_father_id', 'childrenCount', 'status_id', 'statusId'] as const;
export type CategoryField = (typeof CATEGORY_FIELDS)[number];
/** Asked for when ?fields is absent. */
export const DEFAULT_CATEGORY_FIELDS: readonly CategoryField[] = ['id', 'name', 'priority', 'parentId', 'childrenCount', 'status_id'];

export const CategoryFieldsSchema = Type.Object({
  id: Type.Optional(Type.Integer()),
  name: Type.Optional(Type.String()),
  priority: Type.Optional(Type.Integer()),
  parentId: Type.Optional(Nullable(Type.Integer())),
  content_type_father_id: Type.Optional(Nullable(Type.Integer())),
  childrenCount: Type.Optional(Type.Integer()),
  status_id: Type.Optional(Type.Integer()),
  statusId: Type.Optional(Type.Integer()),
});
export type CategoryFields = Static<typeof CategoryFieldsSchema>;

export const CategoryNodeParamsSchema = Type.Object({
  /** a category id, or root (the virtual parent of the top level) */
  id: Type.String({ pattern: '^(root|[1-9][0-9]{0,15})$' }),
});
export const CategoryFieldsQuerySchema = Type.Object({
  fields: Type.Optional(Type.String({ maxLength: 200, pattern: '^[A-Za-z_]+(,[A-Za-z_]+)*$' })),
});
/** children and siblings sorted by priority; branch from the top level down to the node itself */
export const CategoryListResponseSchema = Type.Object({ data: Type.Array(CategoryFieldsSchema) });
export type CategoryListResponse = Static<typeof CategoryListResponseSchema>;

// ---------------------------------------------------------------- resources

export const ResourceStatusSchema = Type.Union([
  Type.Literal('draft'),
  Type.Literal('pending'),
  Type.Literal('published'),
  Type.Literal('rejected'),
  Type.Literal('blocked'),
]);
export type ResourceStatus = Static<typeof ResourceStatusSchema>;

export const NamedRefSchema = Type.Object({ id: Type.Integer(), name: Type.String() });
export type NamedRef = Static<typeof NamedRefSchema>;

/** The owner as a resource shows them; FullImageUrl null when there is no picture or the user is blocked. */
export const ResourceUserSchema = Type.Object({
  id: Type.Integer(),
  user_name: Type.String(),
  FullImageUrl: Nullable(Type.String()),
});
export type ResourceUser = Static<typeof ResourceUserSchema>;

/** An open report as the resource's owner (and admins) read it: what is said to be wrong, never who said it. */
export const ReportNoteSchema = Type.Object({
  reason: Type.String(),
  createdAt: Type.String(),
});
export type ReportNote = Static<typeof ReportNoteSchema>;

/**
 * A resource in a list, grid or search result. URLs are ready for <img src>,
 * <video src>, <audio src>: /api/media/<sha256>.<ext>, served with ranges.
 * coverUrl null: the client draws the placeholder for the type.
 */
export const ResourceSummarySchema = Type.Object({
  id: Type.Integer(),
  title: Type.String(),
  /** the description's first 160 characters */
  excerpt: Type.String(),
  author: Type.String(),
  /** a type code (docs/PRODUCT.md#type-codes) */
  type: ResourceTypeCodeSchema,
  status: ResourceStatusSchema,
  content_type_id: Nullable(Type.Integer()),
  content_type: Nullable(NamedRefSchema),
  user: Nullable(ResourceUserSchema),
  createdAt: Type.String(),
  coverUrl: Nullable(Type.String()),
  mediaUrl: Nullable(Type.String()),
  mime: Nullable(Type.String()),
  /** bytes */
  size: Nullable(Type.Integer()),
  /** seconds, when known */
  duration: Nullable(Type.Number()),
  views: Type.Integer(),
  downloads: Type.Integer(),
  /** only in a user's own list (searchResource section=user) read by that user or an admin: why it was rejected or blocked */
  statusReason: Type.Optional(Nullable(Type.String())),
  /** the same lists only: what its open reports say, newest first (at most 20) */
  reportNotes: Type.Optional(Type.Array(ReportNoteSchema)),
});
export type ResourceSummary = Static<typeof ResourceSummarySchema>;

/**
 * A phone copy of a resource's file, made once by the kit (docs/API-library.md
 * "Phone copies"): `video` H.264 + AAC MP4 of at most 480p with its index
 * first, `image` a display copy (WebP, at most 1280 px wide), `audio` a
 * compact AAC copy, `poster` a frame of the video (WebP). `url` is a
 * content-addressed /api/media/ address like every file.
 */
export const RENDITION_KINDS = ['video', 'image', 'audio', 'poster'] as const;
/** What a source file is prepared as, one job each, named for the file's type: a video's job also makes its poster. */
export const RENDITION_JOB_KINDS = ['video', 'image', 'audio'] as const satisfies ReadonlyArray<(typeof RENDITION_KINDS)[number]>;
export const RenditionKindSchema = Type.Enum([...RENDITION_KINDS]);
export type RenditionKind = Static<typeof RenditionKindSchema>;
/**
 * Each kind of copy: what its bytes must be, and the job that makes it. The
 * server checks made and carried copies against it, and which files get which
 * copies follows from it.
 */
export const RENDITION_SPECS: Record<RenditionKind, { mime: string; job: (typeof RENDITION_JOB_KINDS)[number] }> = {
  video: { mime: 'video/mp4', job: 'video' },
  image: { mime: 'image/webp', job: 'image' },
  audio: { mime: 'audio/mp4', job: 'audio' },
  poster: { mime: 'image/webp', job: 'video' },
};
export const RenditionSchema = Type.Object({
  kind: RenditionKindSchema,
  url: Type.String(),
  mime: Type.String(),
  width: Nullable(Type.Integer()),
  height: Nullable(Type.Integer()),
  /** bits per second (video, audio); null for pictures */
  bitrate: Nullable(Type.Integer()),
  bytes: Type.Integer(),
});
export type Rendition = Static<typeof RenditionSchema>;

/** The job preparing a file's phone copies, as its owner and admins follow it; null for everyone else and once done. */
export const RenditionJobSchema = Type.Object({
  kind: Type.Union([Type.Literal('video'), Type.Literal('image'), Type.Literal('audio')]),
  state: Type.Union([Type.Literal('pending'), Type.Literal('running'), Type.Literal('failed')]),
  /** 0–100 */
  progress: Type.Integer({ minimum: 0, maximum: 100 }),
  /** failed: the errors.ts RENDITION_* code and its Spanish message */
  code: Nullable(Type.String()),
  reason: Nullable(Type.String()),
});
export type RenditionJob = Static<typeof RenditionJobSchema>;

/** GET /api/v2/resource/{id}/renditions: what a page polls while the copies are prepared. */
export const ResourceRenditionsSchema = Type.Object({
  renditions: Type.Array(RenditionSchema),
  renditionsPending: Type.Boolean(),
  renditionJob: Nullable(RenditionJobSchema),
});
export type ResourceRenditions = Static<typeof ResourceRenditionsSchema>;

/** The terms (resource-terms.ts) a card does not show already (the author), as the page reads them. */
const pageTerms = () =>
  Object.fromEntries(RESOURCE_TERM_NAMES.filter((name) => !(name in ResourceSummarySchema.properties)).map((name) => [name, Type.String()])) as {
    [N in Exclude<ResourceTermName, keyof typeof ResourceSummarySchema.properties>]: TString;
  };

/** GET /api/v2/resource/{id}: everything the resource page needs, for every type. */
export const ResourceDetailSchema = Type.Object({
  ...ResourceSummarySchema.properties,
  description: Type.String(),
  ...pageTerms(),
  /** type 5 */
  app_version: Nullable(Type.String()),
  /** moderation's reason (rejected, blocked): only the owner and admins see it, null for others */
  statusReason: Nullable(Type.String()),
  /** what the open reports say, newest first (at most 20): only the owner and admins read them, [] for others */
  reportNotes: Type.Array(ReportNoteSchema),
  publishedAt: Nullable(Type.String()),
  /** the category and its ancestors, top level first */
  categoryPath: Type.Array(NamedRefSchema),
  /** the file as an attachment with a Spanish file name; counts a download */
  downloadUrl: Nullable(Type.String()),
  /** the name downloadUrl gives the file */
  fileName: Nullable(Type.String()),
  commentsCount: Type.Integer(),
  /** the caller's favourite state; false for anonymous visitors */
  isFavorite: Type.Boolean(),
  /** type 6: the list's items the caller may see, in order */
  playlist: Nullable(
    Type.Object({
      id: Type.Integer(),
      name: Type.String(),
      items: Type.Array(ResourceSummarySchema),
    }),
  ),
  /** the file's phone copies; [] while they are prepared, when none is needed, or none could be made */
  renditions: Type.Array(RenditionSchema),
  /** a job will still make phone copies of the file */
  renditionsPending: Type.Boolean(),
  /** that job's progress or failure: the owner and admins only, else null */
  renditionJob: Nullable(RenditionJobSchema),
});
export type ResourceDetail = Static<typeof ResourceDetailSchema>;

export const ResourcePageSchema = pagedSchema(ResourceSummarySchema);
export type ResourcePage = Static<typeof ResourcePageSchema>;

const Page = Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 });
const PerPage = Type.Integer({ minimum: 1, maximum: MAX_PER_PAGE, default: DEFAULT_PER_PAGE });

/** GET /api/content/all */
export const QueryContentAllSchema = Type.Object({
  page: Type.Optional(Page),
  per_page: Type.Optional(PerPage),
  type: Type.Optional(TypeFilterSchema),
  /** a category id; its descendants are included */
  category: Type.Optional(Type.Integer({ minimum: 1 })),
});
export type QueryContentAll = Static<typeof QueryContentAllSchema>;

/** GET /api/contents/random */
export const QueryRandomSchema = Type.Object({ type: Type.Optional(TypeFilterSchema) });

// ---------------------------------------------------------------- lists

/** GET /api/playlist/{id}: a list and the items the caller may see, in order. */
export const PlaylistSchema = Type.Object({
  id: Type.Integer(),
  name: Type.String(),
  user: Nullable(ResourceUserSchema),
  createdAt: Type.String(),
  content: Type.Array(ResourceSummarySchema),
});
export type Playlist = Static<typeof PlaylistSchema>;

// ---------------------------------------------------------------- search

// Literals listed one by one: a mapped array would lose the union's static type.
export const SearchOrderBySchema = Type.Union([
  Type.Literal('created_at'), Type.Literal('views'), Type.Literal('downloads'), Type.Literal('title'), Type.Literal('relevance'),
]);
export type SearchOrderBy = Static<typeof SearchOrderBySchema>;
export const SEARCH_ORDER_BY: readonly SearchOrderBy[] = ['created_at', 'views', 'downloads', 'title', 'relevance'];

const SearchText = Type.String({ maxLength: SEARCH_QUERY_MAX });
/** comma-separated category ids; each one's descendants are included */
const CategoryIds = Type.String({ maxLength: 400, pattern: '^([1-9][0-9]{0,15}(,[1-9][0-9]{0,15})*)?$' });

/**
 * GET /api/v3/searchResource.
 * section: featured (Más vistos: views, most first, unless orderBy says
 * otherwise) | user (a user's resources: with user = the caller, or for an
 * admin, every status, not only published) | anything else: the library.
 * orderBy defaults to relevance with q, created_at without; order to desc
 * (asc for title).
 */
export const QuerySearchResourceSchema = Type.Object({
  q: Type.Optional(SearchText),
  section: Type.Optional(Type.String({ maxLength: 30 })),
  page: Type.Optional(Page),
  per_page: Type.Optional(PerPage),
  type: Type.Optional(TypeFilterSchema),
  categories: Type.Optional(CategoryIds),
  user: Type.Optional(Type.Integer({ minimum: 1 })),
  orderBy: Type.Optional(SearchOrderBySchema),
  order: Type.Optional(Type.Union([Type.Literal('asc'), Type.Literal('desc')])),
});
export type QuerySearchResource = Static<typeof QuerySearchResourceSchema>;

/**
 * Search results. capped: the text matched more resources than one search
 * looks at (the newest ones are searched); total then counts only those.
 */
export const ResourceSearchPageSchema = Type.Object({
  ...ResourcePageSchema.properties,
  capped: Type.Boolean(),
});
export type ResourceSearchPage = Static<typeof ResourceSearchPageSchema>;

/** GET /api/v3/searchPage and /api/v3/searchPageResource */
export const QuerySearchPageSchema = Type.Object({
  q: Type.Optional(SearchText),
  page: Type.Optional(Page),
  per_page: Type.Optional(PerPage),
  type: Type.Optional(TypeFilterSchema),
  categories: Type.Optional(CategoryIds),
});
export type QuerySearchPage = Static<typeof QuerySearchPageSchema>;

export const SearchUserSchema = Type.Object({
  id: Type.Integer(),
  user_name: Type.String(),
  name: Type.String(),
  last_name: Type.String(),
  FullImageUrl: Nullable(Type.String()),
});
export type SearchUser = Static<typeof SearchUserSchema>;

/** GET /api/v3/searchPage: the /search page's first view, resources plus a few matching users. */
export const SearchPageSchema = Type.Object({
  data: Type.Array(ResourceSummarySchema),
  total: Type.Integer(),
  capped: Type.Boolean(),
  users: Type.Object({ data: Type.Array(SearchUserSchema), total: Type.Integer() }),
});
export type SearchPage = Static<typeof SearchPageSchema>;

/**
 * GET /api/v2/search: the village's resources and the articles of its offline
 * libraries in one ranked list. `library`: only that library's articles,
 * found by title or by the words of their text.
 */
export const QuerySearchSchema = Type.Object({
  q: SearchText,
  page: Type.Optional(Page),
  per_page: Type.Optional(PerPage),
  type: Type.Optional(TypeFilterSchema),
  categories: Type.Optional(CategoryIds),
  library: Type.Optional(Type.Integer({ minimum: 1, maximum: 2 ** 53 - 1 })),
});
export type QuerySearch = Static<typeof QuerySearchSchema>;

export const ResourceHitSchema = Type.Object({ kind: Type.Literal('resource'), resource: ResourceSummarySchema });
export type ResourceHit = Static<typeof ResourceHitSchema>;

/** An article of an offline library («En {libraryTitle}»); the portal opens it at /resource/{libraryId}/read/{path}. */
export const ArticleHitSchema = Type.Object({
  kind: Type.Literal('article'),
  libraryId: Type.Integer(),
  libraryTitle: Type.String(),
  title: Type.String(),
  /** another name of the article (a redirect) that the words matched, or null */
  alias: Nullable(Type.String()),
  /** the article's path inside the ZIM file */
  path: Type.String(),
});
export type ArticleHit = Static<typeof ArticleHitSchema>;

export const SearchHitSchema = Type.Union([ResourceHitSchema, ArticleHitSchema]);
export type SearchHit = Static<typeof SearchHitSchema>;

/** capped: the text matched more than one search looks at (see docs/API-library.md "Search"). */
export const SearchResultsSchema = Type.Object({
  ...pagedSchema(SearchHitSchema).properties,
  capped: Type.Boolean(),
});
export type SearchResults = Static<typeof SearchResultsSchema>;
