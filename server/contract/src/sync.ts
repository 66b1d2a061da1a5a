import { Type, type Static } from 'typebox';

/*
 * Content packs and sync (/admin/sync, admins only; docs/SYNC.md).
 */

const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const ImportArrivalSchema = Type.Union([Type.Literal('published'), Type.Literal('pending')]);
export type ImportArrival = Static<typeof ImportArrivalSchema>;

export const ImportItemSchema = Type.Object({
  kind: Type.Union([Type.Literal('resource'), Type.Literal('category')]),
  globalId: Type.String(),
  /** a resource's title or a category's name */
  title: Type.String(),
  /** withdrawn: hidden here because its origin withdrew or deleted it */
  outcome: Type.Union([Type.Literal('added'), Type.Literal('updated'), Type.Literal('skipped'), Type.Literal('refused'), Type.Literal('withdrawn')]),
  reason: Nullable(Type.String()),
});

export const ImportReportSchema = Type.Object({
  packId: Type.String(),
  sourceKit: Type.String(),
  added: Type.Integer(),
  updated: Type.Integer(),
  skipped: Type.Integer(),
  refused: Type.Integer(),
  withdrawn: Type.Integer(),
  categoriesAdded: Type.Integer(),
  categoriesUpdated: Type.Integer(),
  /** deleted here, or hidden while they still hold this kit's unpublished resources */
  categoriesRemoved: Type.Integer(),
  /** a change from the other kit not taken: this kit's version wins */
  categoriesKept: Type.Integer(),
  items: Type.Array(ImportItemSchema),
});
export type ImportReportBody = Static<typeof ImportReportSchema>;

export const SyncJobSchema = Type.Object({
  id: Type.Integer(),
  kind: Type.Union([Type.Literal('export'), Type.Literal('import'), Type.Literal('pull'), Type.Literal('publish'), Type.Literal('backup')]),
  state: Type.Union([Type.Literal('running'), Type.Literal('done'), Type.Literal('failed')]),
  bytesDone: Type.Integer(),
  bytesTotal: Nullable(Type.Integer()),
  /** seconds left at the speed so far; null until it can be told */
  etaSeconds: Nullable(Type.Integer()),
  startedAt: Type.String(),
  finishedAt: Nullable(Type.String()),
  message: Nullable(Type.String()),
  errorCode: Nullable(Type.String()),
  report: Nullable(ImportReportSchema),
  /** an export ready at /api/v2/admin/sync/exports/{download}, or a backup at /api/v2/admin/data/backups/{download} */
  download: Nullable(Type.String()),
});
export type SyncJob = Static<typeof SyncJobSchema>;

export const SyncDriveSchema = Type.Object({
  path: Type.String(),
  label: Type.String(),
  freeBytes: Nullable(Type.Integer()),
  packs: Type.Array(Type.Object({ name: Type.String(), size: Type.Integer() })),
  backups: Type.Array(Type.Object({ name: Type.String(), size: Type.Integer() })),
  /** ZIM files (Wikipedia, Khan Academy…) an admin can bring in as «Biblioteca» resources */
  libraries: Type.Array(Type.Object({ name: Type.String(), size: Type.Integer() })),
});
export type SyncDrive = Static<typeof SyncDriveSchema>;

export const TrustedKeySchema = Type.Object({ keyId: Type.String(), publicKey: Type.String(), label: Type.String(), createdAt: Type.String() });
export type TrustedKey = Static<typeof TrustedKeySchema>;

export const SyncImportRowSchema = Type.Object({
  id: Type.Integer(),
  packId: Type.String(),
  source: Type.String(),
  status: Type.String(),
  message: Nullable(Type.String()),
  startedAt: Type.String(),
  finishedAt: Nullable(Type.String()),
});

/** One kit's name and certificate on its hub. */
export const HubKitCertificateSchema = Type.Object({
  keyId: Type.String(),
  kitName: Type.String(),
  /** the kit's one name under the hub's domain */
  name: Type.String(),
  state: Type.Union([Type.Literal('name-needed'), Type.Literal('pending'), Type.Literal('issued'), Type.Literal('failed')]),
  validTo: Nullable(Type.String()),
  issuedAt: Nullable(Type.String()),
  /** why the latest request or order failed: the catalog's code, and what the CA or the DNS hook said */
  error: Nullable(Type.Object({ code: Type.String(), message: Type.String() })),
  updatedAt: Type.String(),
});
export type HubKitCertificate = Static<typeof HubKitCertificateSchema>;

export const SyncStatusSchema = Type.Object({
  kit: Type.Object({ name: Type.String(), keyId: Type.String(), publicKey: Type.String() }),
  job: Nullable(SyncJobSchema),
  drives: Type.Array(SyncDriveSchema),
  usbRoot: Type.String(),
  trustedKeys: Type.Array(TrustedKeySchema),
  imports: Type.Array(SyncImportRowSchema),
  hub: Type.Object({
    feedUrl: Nullable(Type.String()),
    uploadUrl: Nullable(Type.String()),
    intervalHours: Type.Integer(),
    lastPull: Nullable(Type.Object({ at: Type.String(), ok: Type.Boolean(), message: Type.String() })),
    published: Nullable(Type.Object({ at: Type.String(), packs: Type.Integer() })),
  }),
  /** this server as a hub that obtains HTTPS certificates for its kits (KIT_ACME_*); null: it does not (docs/HTTPS.md) */
  certificates: Nullable(
    Type.Object({
      domain: Type.String(),
      directoryUrl: Type.String(),
      kits: Type.Array(HubKitCertificateSchema),
    }),
  ),
});
export type SyncStatus = Static<typeof SyncStatusSchema>;

export const SyncExportBodySchema = Type.Object({
  /** null or absent: the whole library */
  categoryIds: Type.Optional(Nullable(Type.Array(Type.Integer({ minimum: 1 }), { minItems: 1, maxItems: 500 }))),
  /** a drive's mount point from the status; absent: a download */
  drive: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })),
  /** a hub that issues certificates: a pack of its answers to the kits, with no content (docs/HTTPS.md) */
  certificatesOnly: Type.Optional(Type.Boolean()),
});

export const SyncImportQuerySchema = Type.Object({
  arrival: Type.Optional(ImportArrivalSchema),
  acceptUntrusted: Type.Optional(Type.Boolean()),
});

export const SyncUsbImportBodySchema = Type.Object({
  drive: Type.String({ minLength: 1, maxLength: 4096 }),
  name: Type.String({ minLength: 1, maxLength: 300 }),
  arrival: Type.Optional(ImportArrivalSchema),
  acceptUntrusted: Type.Optional(Type.Boolean()),
});

/** POST /v2/admin/sync/import-usb-library: a ZIM on a drive becomes a «Biblioteca» resource. */
export const SyncUsbLibraryBodySchema = Type.Object({
  drive: Type.String({ minLength: 1, maxLength: 4096 }),
  name: Type.String({ minLength: 1, maxLength: 300 }),
  /** the category it goes in; none: uncategorised */
  categoryId: Type.Optional(Nullable(Type.Integer({ minimum: 1 }))),
  arrival: Type.Optional(ImportArrivalSchema),
});

export const SyncExportParamsSchema = Type.Object({ packId: Type.String({ pattern: '^[0-9a-f-]{36}$' }) });

export const TrustedKeyBodySchema = Type.Object({
  publicKey: Type.String({ minLength: 1, maxLength: 1000 }),
  label: Type.String({ minLength: 1, maxLength: 100 }),
});
export const TrustedKeyParamsSchema = Type.Object({ keyId: Type.String({ pattern: '^[0-9a-f]{16}$' }) });

export const SyncJobAcceptedSchema = Type.Object({ job: SyncJobSchema });

export const SyncNowBodySchema = Type.Object({ arrival: Type.Optional(ImportArrivalSchema) });

/** A kit's signed report to its hub: the exact signed JSON text and its ed25519 signature. */
export const HubReportBodySchema = Type.Object({
  payload: Type.String({ minLength: 2, maxLength: 8 * 1024 * 1024 }),
  signature: Type.Object({
    keyId: Type.String({ maxLength: 16 }),
    publicKey: Type.String({ maxLength: 200 }),
    signature: Type.String({ maxLength: 200 }),
  }),
});
/** A document signed by a kit or hub: the exact signed JSON text and its signature. */
const SignedEnvelopeSchema = Type.Object({
  payload: Type.String(),
  signature: Type.Object({ keyId: Type.String(), publicKey: Type.String(), signature: Type.String() }),
});
export const HubReportStoredSchema = Type.Object({
  stored: Type.Boolean(),
  /** the hub's signed answer to the report's certificate request, when this hub issues certificates (docs/HTTPS.md) */
  certificate: Type.Optional(SignedEnvelopeSchema),
  /** the hub's time, signed (`{format: 1, now}`): a kit's clock moves forward to it (docs/SYNC.md "Reports"); older hubs send none */
  clock: Type.Optional(SignedEnvelopeSchema),
});

export const BackupParamsSchema = Type.Object({ backupId: Type.String({ pattern: '^[0-9a-f]{32}$' }) });
export const RestoreResultSchema = Type.Object({ message: Type.String(), backupCreatedAt: Type.String(), restartRequired: Type.Literal(true) });
export const BackupBodySchema = Type.Object({ drive: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })) });
export const RestoreUsbBodySchema = Type.Object({ drive: Type.String({ minLength: 1, maxLength: 4096 }), name: Type.String({ minLength: 1, maxLength: 300 }) });
