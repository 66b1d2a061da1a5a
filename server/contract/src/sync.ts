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

/** What phones carried for this kit (docs/SYNC.md, "Carried by phones"): phones are counted by their address, which is not kept. */
export const CourierStatusSchema = Type.Object({
  /** when a phone last took the report phones carry now, and how many phones took it */
  takenAt: Nullable(Type.String()),
  takenBy: Type.Integer(),
  /** when a phone last brought back the hub's answer, and how many phones brought answers */
  answeredAt: Nullable(Type.String()),
  answeredBy: Type.Integer(),
  /** the last answer brought: applied (ok, with the certificate's state then) or refused (the code and message of the refusal); a hub's refusal to issue is ok with its code */
  outcome: Nullable(Type.Object({ ok: Type.Boolean(), state: Nullable(Type.String()), code: Nullable(Type.String()), message: Nullable(Type.String()) })),
});
export type CourierStatus = Static<typeof CourierStatusSchema>;

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
    /** when the schedule starts the next sync; null: no automatic sync (no hub, or an interval of 0) */
    nextSyncAt: Nullable(Type.String()),
    lastPull: Nullable(Type.Object({ at: Type.String(), ok: Type.Boolean(), message: Type.String() })),
    published: Nullable(Type.Object({ at: Type.String(), packs: Type.Integer() })),
  }),
  courier: CourierStatusSchema,
  /** the enrolment token this kit was given (KIT_SYNC_ENROLMENT_TOKEN), without its secret, and whether it enrolled with it; null: none */
  enrolmentToken: Nullable(Type.Object({ hubKeyId: Type.String(), domain: Nullable(Type.String()), enrolled: Type.Boolean() })),
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

/** The hub this kit syncs with (docs/SYNC.md "Hub sync"): the kit's settings, or KIT_SYNC_* until an admin saves them. */
export const SyncSettingsSchema = Type.Object({
  feedUrl: Nullable(Type.String()),
  uploadUrl: Nullable(Type.String()),
  /** automatic sync every so many hours; 0: only by hand */
  intervalHours: Type.Integer(),
});
export type SyncSettings = Static<typeof SyncSettingsSchema>;

/** PUT /v2/admin/sync/settings: all three at once; an empty address is none. Addresses and interval are checked by the server (SYNC_URL_INVALID, SYNC_INTERVAL_INVALID). */
export const UpdateSyncSettingsSchema = Type.Object({
  feedUrl: Nullable(Type.String({ maxLength: 2000 })),
  uploadUrl: Nullable(Type.String({ maxLength: 2000 })),
  intervalHours: Type.Number(),
});
export type UpdateSyncSettings = Static<typeof UpdateSyncSettingsSchema>;

export const SyncNowBodySchema = Type.Object({ arrival: Type.Optional(ImportArrivalSchema) });

/** A signed envelope (a report, the hub's answer): the exact signed JSON text and its signature. */
const EnvelopeSchema = (maxPayload: number) =>
  Type.Object({
    payload: Type.String({ minLength: 2, maxLength: maxPayload }),
    signature: Type.Object({
      keyId: Type.String({ maxLength: 16 }),
      publicKey: Type.String({ maxLength: 200 }),
      signature: Type.String({ maxLength: 200 }),
    }),
  });

/** A kit's signed report to its hub. */
export const HubReportBodySchema = EnvelopeSchema(8 * 1024 * 1024);

/** GET /v2/sync/courier: what a phone carries to the hub (docs/SYNC.md, "Carried by phones"). */
export const CourierReportSchema = Type.Object({
  /** where the phone posts the report: the hub's POST /api/v2/sync/reports */
  hubUrl: Type.String(),
  /** the kit's signed report, public data only */
  report: HubReportBodySchema,
});
export type CourierReport = Static<typeof CourierReportSchema>;

/** The hub's signed answers in its reply to a report: to the certificate request, and its time. */
const HubAnswerSchema = EnvelopeSchema(96 * 1024);

/** POST /v2/sync/courier: the hub's signed answer (its reply's `certificate`) a phone brings back. */
export const CourierAnswerBodySchema = HubAnswerSchema;
export const CourierAnswerTakenSchema = Type.Object({
  /** the kit's certificate state after it: name-needed, pending, issued, failed */
  state: Nullable(Type.String()),
});

export const HubReportStoredSchema = Type.Object({
  stored: Type.Boolean(),
  /** the hub's signed answer to the report's certificate request, when this hub issues certificates (docs/HTTPS.md) */
  certificate: Type.Optional(HubAnswerSchema),
  /** the hub's time, signed (`{format: 1, now}`): a kit's clock moves forward to it (docs/SYNC.md "Reports"); older hubs send none */
  clock: Type.Optional(HubAnswerSchema),
});

export const BackupParamsSchema = Type.Object({ backupId: Type.String({ pattern: '^[0-9a-f]{32}$' }) });
export const RestoreResultSchema = Type.Object({ message: Type.String(), backupCreatedAt: Type.String(), restartRequired: Type.Literal(true) });
export const BackupBodySchema = Type.Object({ drive: Type.Optional(Type.String({ minLength: 1, maxLength: 4096 })) });
export const RestoreUsbBodySchema = Type.Object({ drive: Type.String({ minLength: 1, maxLength: 4096 }), name: Type.String({ minLength: 1, maxLength: 300 }) });

/** An enrolment token as a hub's admins see it (docs/SYNC.md, "Enrolment tokens"): never its text, which is shown once. */
export const EnrolmentTokenSchema = Type.Object({
  id: Type.Integer(),
  label: Type.String(),
  usesTotal: Type.Integer(),
  usesLeft: Type.Integer(),
  expiresAt: Type.String(),
  revokedAt: Nullable(Type.String()),
  createdAt: Type.String(),
  state: Type.Union([Type.Literal('active'), Type.Literal('expired'), Type.Literal('used-up'), Type.Literal('revoked')]),
});
export type EnrolmentToken = Static<typeof EnrolmentTokenSchema>;

/** POST /v2/admin/sync/enrolment-tokens: a token for USES kits, valid DAYS days. */
export const CreateEnrolmentTokenSchema = Type.Object({
  label: Type.Optional(Type.String({ maxLength: 80 })),
  uses: Type.Integer({ minimum: 1, maximum: 1000 }),
  days: Type.Integer({ minimum: 1, maximum: 365 }),
});
export type CreateEnrolmentToken = Static<typeof CreateEnrolmentTokenSchema>;

/** The new token and, this once, its text for the technician. */
export const CreatedEnrolmentTokenSchema = Type.Object({ token: EnrolmentTokenSchema, text: Type.String() });
export type CreatedEnrolmentToken = Static<typeof CreatedEnrolmentTokenSchema>;

export const EnrolmentTokenListSchema = Type.Object({ tokens: Type.Array(EnrolmentTokenSchema) });
export const EnrolmentTokenParamsSchema = Type.Object({ id: Type.Integer({ minimum: 1 }) });

/** POST /v2/sync/enrol: a kit's signed enrolment, `{format: 1, kit, token, createdAt}`. */
export const EnrolmentBodySchema = EnvelopeSchema(4 * 1024);

/** The hub's answer: its public key, and an HMAC of it with the token's secret. */
export const EnrolmentAnswerSchema = Type.Object({ hubPublicKey: Type.String({ maxLength: 200 }), proof: Type.String({ maxLength: 100 }) });
export type EnrolmentAnswer = Static<typeof EnrolmentAnswerSchema>;

/** The hub's answer to one kit's enrolment, as its packs carry it to kits that come by USB. */
export const PackEnrolmentAnswerSchema = Type.Object({ kitKeyId: Type.String({ pattern: '^[0-9a-f]{16}$' }), ...EnrolmentAnswerSchema.properties });
export type PackEnrolmentAnswer = Static<typeof PackEnrolmentAnswerSchema>;
