import { createHash } from 'node:crypto';
import { Type, type Static, type TString } from 'typebox';
import { Value } from 'typebox/value';
import {
  EnrolmentBodySchema,
  isChoiceTerm,
  PackEnrolmentAnswerSchema,
  RenditionKindSchema,
  RESOURCE_TERM_NAMES,
  RESOURCE_TERMS,
  UploadTypeCodeSchema,
  type ResourceTermName,
} from '@kit/contract';
import { CertificateAnswerSchema, CertificateRequestSchema } from './certificate-exchange.ts';

/*
 * The content pack (docs/SYNC.md): one ustar file holding, in this order,
 * manifest.json, manifest.sig (the kit's ed25519 signature of manifest.json's
 * exact bytes) and media/<sha256> for each file the manifest lists.
 * PACK_FORMAT grows when the manifest changes; a kit reads every format up
 * to its own and refuses newer ones. Format 2 added `withdrawals`; the
 * optional certificate and phone-copy fields came without a new format
 * (older kits ignore them).
 */
export const PACK_FORMAT = 2;
export const PACK_EXTENSION = 'kitpack';
export const MANIFEST_NAME = 'manifest.json';
export const SIGNATURE_NAME = 'manifest.sig';
/** The manifest of a library of 100k resources stays well under this. */
export const MANIFEST_MAX_BYTES = 64 * 1024 * 1024;

const Sha = Type.String({ pattern: '^[0-9a-f]{64}$' });
const GlobalId = Type.String({ pattern: '^[A-Za-z0-9_-]{1,64}$' });
const Text = (max: number) => Type.String({ maxLength: max });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const PackCategorySchema = Type.Object({
  globalId: GlobalId,
  name: Text(200),
  parentGlobalId: Nullable(GlobalId),
  priority: Type.Integer(),
  status: Type.Integer({ minimum: 0, maximum: 1 }),
});
export type PackCategory = Static<typeof PackCategorySchema>;

/**
 * The terms packs carried from the start (author, source, license), with the
 * lengths packs always allowed them, wider than the forms'. A term added
 * since is held to its own limit, a choice to 500 characters (another kit's
 * version may offer other labels); a pack from a kit that did not know it
 * yet reads it as '' (isManifest).
 */
const FIRST_TERMS: Partial<Record<ResourceTermName, number>> = { author: 500, source: 2000, license: 500 };
const packTerms = () =>
  Object.fromEntries(RESOURCE_TERMS.map((term) => [term.name, Text(FIRST_TERMS[term.name] ?? (isChoiceTerm(term) ? 500 : term.max))])) as Record<ResourceTermName, TString>;

export const PackResourceSchema = Type.Object({
  globalId: GlobalId,
  title: Text(500),
  description: Text(20_000),
  ...packTerms(),
  type: UploadTypeCodeSchema,
  categoryGlobalId: Nullable(GlobalId),
  status: Type.Literal('published'),
  owner: Nullable(Text(200)),
  mediaSha256: Nullable(Sha),
  mediaName: Nullable(Text(255)),
  coverSha256: Nullable(Sha),
  appVersion: Nullable(Text(100)),
  createdAt: Text(40),
  updatedAt: Text(40),
  publishedAt: Nullable(Text(40)),
});
export type PackResource = Static<typeof PackResourceSchema>;

/** `ext` and `mime` are the exporting kit's word, kept for older kits: an import types each file by its bytes. */
export const PackFileSchema = Type.Object({
  sha256: Sha,
  size: Type.Integer({ minimum: 0 }),
  ext: Type.String({ pattern: '^[a-z0-9]{1,8}$' }),
  mime: Text(200),
});
export type PackFile = Static<typeof PackFileSchema>;

/**
 * A phone copy of a file the pack carries (modules/renditions/): made once by
 * the kit that exported it, so the kits that import it never make it again.
 */
export const PackRenditionSchema = Type.Object({
  source: Sha,
  kind: RenditionKindSchema,
  sha256: Sha,
  width: Nullable(Type.Integer({ minimum: 0 })),
  height: Nullable(Type.Integer({ minimum: 0 })),
  bitrate: Nullable(Type.Integer({ minimum: 0 })),
});
export type PackRendition = Static<typeof PackRenditionSchema>;

/** A resource or category that left the origin's library: its copies elsewhere may follow. */
export const PackWithdrawalSchema = Type.Object({
  kind: Type.Union([Type.Literal('resource'), Type.Literal('category')]),
  globalId: GlobalId,
  state: Type.Union([Type.Literal('withdrawn'), Type.Literal('deleted')]),
  at: Text(40),
});
export type PackWithdrawal = Static<typeof PackWithdrawalSchema>;

export const ManifestSchema = Type.Object({
  format: Type.Integer({ minimum: 1 }),
  packId: Type.String({ pattern: '^[0-9a-f-]{36}$' }),
  createdAt: Text(40),
  source: Type.Object({ kit: Text(253), keyId: Text(16) }),
  /** null: the whole library; else the chosen categories' global ids */
  scope: Nullable(Type.Array(GlobalId)),
  categories: Type.Array(PackCategorySchema),
  resources: Type.Array(PackResourceSchema),
  files: Type.Array(PackFileSchema),
  /** format 2 on; a format 1 pack has none */
  withdrawals: Type.Optional(Type.Array(PackWithdrawalSchema)),
  /**
   * HTTPS certificates by USB (docs/HTTPS.md), optional in any format: a kit's
   * request to its hub, and a hub's answers to its kits. A kit that knows
   * nothing of them ignores them, so they need no new format.
   */
  certificateRequest: Type.Optional(CertificateRequestSchema),
  certificates: Type.Optional(Type.Array(CertificateAnswerSchema, { maxItems: 100_000 })),
  /** enrolment by token by USB (docs/SYNC.md, "Enrolment tokens"): a kit's signed enrolment, and a hub's answers to the kits it enrolled */
  enrolment: Type.Optional(EnrolmentBodySchema),
  enrolmentAnswers: Type.Optional(Type.Array(PackEnrolmentAnswerSchema, { maxItems: 100_000 })),
  /** the phone copies of the pack's files, each listed in `files` too; optional in any format (older kits ignore it) */
  renditions: Type.Optional(Type.Array(PackRenditionSchema)),
});
export type Manifest = Static<typeof ManifestSchema>;

/** Just the version, read before anything else so a newer pack gets its own message. */
export function readFormat(value: unknown): number | null {
  const format = (value as { format?: unknown } | null)?.format;
  return typeof format === 'number' && Number.isInteger(format) && format >= 1 ? format : null;
}

/** A resource from a kit that did not know a term yet has none: it reads as ''. */
function fillMissingTerms(value: unknown): void {
  const resources = (value as { resources?: unknown } | null)?.resources;
  if (!Array.isArray(resources)) return;
  for (const r of resources as unknown[]) {
    if (typeof r !== 'object' || r === null) continue;
    for (const name of RESOURCE_TERM_NAMES) if (!Object.hasOwn(r, name)) (r as Record<string, unknown>)[name] = '';
  }
}

export function isManifest(value: unknown): value is Manifest {
  fillMissingTerms(value);
  if (!Value.Check(ManifestSchema, value)) return false;
  if ((value.format >= 2) !== (value.withdrawals !== undefined)) return false;
  const files = new Set(value.files.map((f) => f.sha256));
  if (files.size !== value.files.length) return false;
  const categories = new Set<string>();
  // Parents come before children, so a tree is merged top-down in one pass.
  for (const c of value.categories) {
    if (categories.has(c.globalId) || (c.parentGlobalId !== null && !categories.has(c.parentGlobalId))) return false;
    categories.add(c.globalId);
  }
  return (
    value.resources.every(
      (r) =>
        (r.mediaSha256 === null || files.has(r.mediaSha256)) &&
        (r.coverSha256 === null || files.has(r.coverSha256)) &&
        (r.categoryGlobalId === null || categories.has(r.categoryGlobalId)),
    ) && (value.renditions ?? []).every((c) => files.has(c.sha256) && files.has(c.source))
  );
}

/**
 * The shared fields of a resource, hashed: equal fingerprints mean nothing to
 * sync. The first terms keep their places; a term added since comes last, with
 * its name, and only when filled, so every fingerprint a kit remembers stays
 * what it was and an upgrade takes no resource for an edit.
 */
export function fingerprint(r: Omit<PackResource, 'status' | 'owner' | 'createdAt' | 'updatedAt' | 'publishedAt'>): string {
  const later = RESOURCE_TERM_NAMES.filter((name) => !(name in FIRST_TERMS) && r[name] !== '').map((name) => [name, r[name]]);
  const shared = [r.globalId, r.title, r.description, r.author, r.source, r.license, r.type, r.categoryGlobalId, r.mediaSha256, r.mediaName, r.coverSha256, r.appVersion, ...later];
  return createHash('sha256').update(JSON.stringify(shared)).digest('hex');
}
