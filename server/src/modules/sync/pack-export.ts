import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { findRenditions } from '../../catalog/phone-copies.repo.ts';
import type { Db } from '../../db/connection.ts';
import { fsyncDir, fsyncFile, mediaPath } from '../../media/store.ts';
import { fingerprint, MANIFEST_NAME, PACK_FORMAT, SIGNATURE_NAME, type Manifest } from './pack-format.ts';
import { signBytes, type KitKey } from './sync-keys.ts';
import { categoriesForPack, categoryByGlobalId, filesOf, publishedResources, rememberCategorySync, rememberSync, subtreeIds, withdrawalsSince } from './sync.repo.ts';
import { tarSize, TarWriter } from './tar.ts';

export interface PlannedPack {
  manifest: Manifest;
  manifestBytes: Buffer;
  signatureBytes: Buffer;
  /** the whole pack's size in bytes, known before the first byte is written */
  totalBytes: number;
}

/**
 * What a pack of the library (or of some categories and their subcategories)
 * holds: published resources of types 1–5, their categories with the
 * ancestors that place them in the tree, every file they use with its phone
 * copies (docs/SYNC.md: a hub prepares them once for all its kits), and the
 * resources and categories withdrawn or deleted here (after `since` for a
 * change pack), so other kits withdraw their copies. An empty scope ([])
 * plans a pack of no content: what a pack of certificates alone is.
 */
export function planPack(
  db: Db,
  key: KitKey,
  kitName: string,
  scope: readonly string[] | null,
  since: string | null = null,
  certificates: Pick<Manifest, 'certificateRequest' | 'certificates' | 'enrolment' | 'enrolmentAnswers'> = {},
): PlannedPack {
  const categories = categoriesForPack(db, scope);
  const inside = scope === null ? null : subtreeIds(categories, scope);
  const resources = publishedResources(db)
    .filter((r) => inside === null || (r.categoryGlobalId !== null && inside.has(r.categoryGlobalId)))
    .filter((r) => since === null || r.updatedAt > since);
  const shas = new Set<string>();
  for (const r of resources) {
    if (r.mediaSha256) shas.add(r.mediaSha256);
    if (r.coverSha256) shas.add(r.coverSha256);
  }
  const copies = findRenditions(db, resources.flatMap((r) => (r.mediaSha256 ? [r.mediaSha256] : [])));
  for (const c of copies) shas.add(c.media_sha256);
  const manifest: Manifest = {
    format: PACK_FORMAT,
    packId: randomUUID(),
    createdAt: new Date().toISOString(),
    source: { kit: kitName, keyId: key.keyId },
    scope: scope === null ? null : [...scope],
    categories,
    resources: resources.map(({ id: _id, ...r }) => ({ ...r, status: 'published' as const })),
    files: filesOf(db, shas),
    withdrawals: withdrawalsSince(db, since)
      .filter((w) => inside === null || (w.categoryGlobalId !== null && inside.has(w.categoryGlobalId)))
      .map(({ categoryGlobalId: _where, ...w }) => w),
    ...certificates,
    renditions: copies.map((c) => ({ source: c.source_sha256, kind: c.kind, sha256: c.media_sha256, width: c.width, height: c.height, bitrate: c.bitrate })),
  };
  const manifestBytes = Buffer.from(JSON.stringify(manifest), 'utf8');
  const signatureBytes = Buffer.from(JSON.stringify(signBytes(key, manifestBytes)), 'utf8');
  const totalBytes = tarSize([manifestBytes.length, signatureBytes.length, ...manifest.files.map((f) => f.size)]);
  return { manifest, manifestBytes, signatureBytes, totalBytes };
}

/** Streams a planned pack into `out`, file by file from the media store. */
export async function writePack(dataDir: string, plan: PlannedPack, out: Writable, onBytes: (n: number) => void): Promise<void> {
  const tar = new TarWriter(out, onBytes);
  await tar.addBuffer(MANIFEST_NAME, plan.manifestBytes);
  await tar.addBuffer(SIGNATURE_NAME, plan.signatureBytes);
  for (const file of plan.manifest.files) {
    await tar.addStream(`media/${file.sha256}`, file.size, fs.createReadStream(mediaPath(dataDir, file.sha256, file.ext)));
  }
  await tar.finish();
}

/** The exported resources' and categories' shared fields as they left: a later import tells local edits from theirs. */
export function rememberExport(db: Db, plan: PlannedPack): void {
  const ids = db.prepare('SELECT id FROM resources WHERE global_id = ?');
  db.transaction(() => {
    for (const r of plan.manifest.resources) {
      const row = ids.get(r.globalId) as { id: number } | undefined;
      if (row) rememberSync(db, row.id, fingerprint(r), null);
    }
    for (const c of plan.manifest.categories) {
      const row = categoryByGlobalId(db, c.globalId);
      if (row) rememberCategorySync(db, row.id, c, null);
    }
  })();
}

/** Writes a pack to a file atomically. */
export async function writePackFile(dataDir: string, plan: PlannedPack, file: string, onBytes: (n: number) => void): Promise<void> {
  await writeFileAtomically(file, (out) => writePack(dataDir, plan, out, onBytes));
}

/** `<file>.part` written by `write`, fsynced, renamed, the folder fsynced; removed if anything fails. */
export async function writeFileAtomically(file: string, write: (out: Writable) => Promise<void>): Promise<void> {
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const part = `${file}.part`;
  const out = fs.createWriteStream(part);
  const closed = new Promise<void>((resolve, reject) => {
    out.once('close', resolve);
    out.once('error', reject);
  });
  try {
    await write(out);
    out.end();
    await closed;
    await fsyncFile(part);
    await fs.promises.rename(part, file);
    await fsyncDir(path.dirname(file));
  } catch (error) {
    out.destroy();
    fs.rmSync(part, { force: true });
    throw error;
  }
}
