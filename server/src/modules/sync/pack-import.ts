import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { RENDITION_SPECS, RESOURCE_TYPES } from '@kit/contract';
import { insertResource, restoreResource, updateResource } from '../../catalog/resources.repo.ts';
import type { Db } from '../../db/connection.ts';
import { asDiskFull, ensureDiskSpace } from '../../disk-space.ts';
import { AppError } from '../../errors.ts';
import { fileTypeOf, type FileType } from '../../media/file-type.ts';
import { findMedia } from '../../media/media-access.repo.ts';
import { insertMedia } from '../../media/media.repo.ts';
import { withStoreLock } from '../../media/release.ts';
import { adoptFileSync, fsyncDir, mediaPath } from '../../media/store.ts';
import { adoptCarriedCopies, hasCopies } from '../renditions/renditions.service.ts';
import { copyKindsFor } from '../renditions/store-renditions.ts';
import { fingerprint, isManifest, MANIFEST_MAX_BYTES, MANIFEST_NAME, PACK_FORMAT, readFormat, SIGNATURE_NAME, type Manifest, type PackFile, type PackRendition } from './pack-format.ts';
import { emptyReport, note, type ImportReport } from './import-report.ts';
import { mergeCategories, withdrawCategories } from './pack-categories.ts';
import { receivePackCertificates, type PackCertificatesContext } from './pack-certificates.ts';
import { trustByPackEnrolment } from './pack-enrolment.ts';
import { keyIdOf, verifyBytes, type KitKey, type Signature } from './sync-keys.ts';
import { finishImportJournal, isTrustedKey, mediaExists, packWasImported, rememberSync, resourceByGlobalId, startImportJournal, withdrawResource, type ImportSource } from './sync.repo.ts';
import { inspectZim, recordLibrary, zimRefusal, type ZimFacts } from '../libraries/libraries.service.ts';
import { hashEntryTo, readTar, TarError, type TarEntry } from './tar.ts';

export interface ImportOptions {
  /** imported resources arrive published, or pending for a moderator */
  arrival: 'published' | 'pending';
  /** an admin's explicit yes to an unsigned pack or one of an unknown publisher */
  acceptUntrusted: boolean;
  source: ImportSource;
  onBytes?: (n: number) => void;
}

export type { ImportReport } from './import-report.ts';

interface ImportContext {
  db: Db;
  dataDir: string;
  /** free space the import may not take (KIT_DISK_RESERVE_MB) */
  diskReserveBytes: number;
  key: KitKey;
}

/** An import run by the kit's sync jobs also acts on the pack's certificate fields (tests may import with less). */
const handlesCertificates = (ctx: ImportContext): ctx is ImportContext & PackCertificatesContext => 'onCertificateInstalled' in ctx;

export const stagingRoot = (dataDir: string): string => path.join(dataDir, 'sync', 'staging');

/** Verified files of a cut import wait a week for the next attempt, then go. */
export const STAGING_KEEP_MS = 7 * 24 * 3600_000;

/**
 * Staged files wait for one pack only: the one being imported now. A cut
 * import of another pack starts over when it is tried again, so verified
 * files never pile up beyond one pack's worth.
 */
function dropOtherStaging(dataDir: string, packId: string): void {
  const root = stagingRoot(dataDir);
  for (const name of fs.existsSync(root) ? fs.readdirSync(root) : []) {
    if (name !== packId) fs.rmSync(path.join(root, name), { recursive: true, force: true });
  }
}

export function sweepStaging(dataDir: string, now = Date.now()): number {
  const root = stagingRoot(dataDir);
  let removed = 0;
  for (const name of fs.existsSync(root) ? fs.readdirSync(root) : []) {
    const dir = path.join(root, name);
    if (now - fs.statSync(dir).mtimeMs > STAGING_KEEP_MS) {
      fs.rmSync(dir, { recursive: true, force: true });
      removed += 1;
    }
  }
  return removed;
}

/**
 * Imports a pack as it streams in (an upload, a USB file, a download):
 * 1. manifest.json first: its format (a newer one is refused), its shape;
 * 2. manifest.sig: ed25519 over the manifest's bytes, by this kit, a trusted
 *    publisher, or anyone only if the admin accepted that explicitly;
 * 3. each media/<sha256>: hashed while it streams into sync/staging/<pack>/,
 *    refused unless its hash and size are the manifest's, and typed by its
 *    bytes (never the manifest's ext and mime);
 * 4. only when the whole pack checked out: staged files move into the media
 *    store and the library changes in ONE transaction.
 * A refused pack changes nothing. A cut one (USB pulled, power cut) changed
 * nothing either; its verified files stay staged and the next attempt skips
 * writing them again.
 */
export async function importPack(ctx: ImportContext, source: Readable, options: ImportOptions): Promise<ImportReport> {
  const entries = readTar(source, options.onBytes);
  let journalId: number | null = null;
  let staging: string | null = null;
  try {
    const { manifest, manifestBytes } = await readManifest(entries);
    const signature = await readSignature(entries);
    if (handlesCertificates(ctx)) await trustByPackEnrolment(ctx, manifest, manifestBytes, signature);
    const origin = checkSignature(ctx, manifestBytes, signature, options.acceptUntrusted);
    // A pack imported again asks its hub for nothing again (packs of one kit may be imported many times).
    const firstImport = !packWasImported(ctx.db, manifest.packId);
    journalId = startImportJournal(ctx.db, manifest.packId, options.source);
    dropOtherStaging(ctx.dataDir, manifest.packId);
    staging = path.join(stagingRoot(ctx.dataDir), manifest.packId);
    fs.mkdirSync(staging, { recursive: true });
    // Files stored already, or staged by a cut attempt, are hashed but not written again: only the rest needs room.
    const toWrite = manifest.files.filter((f) => !mediaExists(ctx.db, f.sha256) && !fs.existsSync(path.join(staging as string, f.sha256)));
    ensureDiskSpace(ctx, toWrite.reduce((sum, f) => sum + f.size, 0));
    const { types, libraries } = await receiveFiles(ctx, manifest, entries, staging);
    await readStoredLibraries(ctx, manifest, libraries);
    const report = await withStoreLock(() => commit(ctx, manifest, staging as string, types, libraries, options.arrival, origin));
    finishImportJournal(ctx.db, journalId, 'done', 'Importación completada', report);
    await fs.promises.rm(staging, { recursive: true, force: true });
    if (signature !== null && isTrusted(ctx, signature) && handlesCertificates(ctx)) await receivePackCertificates(ctx, manifest, signature.publicKey, firstImport);
    return report;
  } catch (error) {
    const refusal = asRefusal(error);
    // Cut by the source (a pulled drive, a dropped link) or by a full disk: the next attempt goes on from here.
    const cut = refusal?.code === 'PACK_TRUNCATED' || refusal?.code === 'DISK_FULL';
    // Whatever happened, the journal never stays 'running'.
    if (journalId !== null) finishImportJournal(ctx.db, journalId, cut ? 'interrupted' : 'refused', (refusal ?? new AppError('INTERNAL')).message, null);
    // A cut pack keeps its verified files for the next attempt; a bad one keeps nothing.
    if (staging && !cut) await fs.promises.rm(staging, { recursive: true, force: true });
    await entries.return(undefined).catch(() => undefined);
    throw refusal ?? error;
  }
}

/** The refusal an import ends with, or null for a fault of the kit's own (answered as one). */
function asRefusal(error: unknown): AppError | null {
  const full = asDiskFull(error);
  if (full instanceof AppError) return full;
  // A library's ZIM the reader refuses (inspectZim): its own code, and the pack is refused whole.
  const zim = zimRefusal(error);
  if (zim instanceof AppError) return zim;
  if (error instanceof TarError) return new AppError(error.truncated ? 'PACK_TRUNCATED' : 'PACK_CORRUPT');
  // The source itself failed: a closed connection, a pulled drive.
  if ((error as { code?: string }).code === 'ECONNRESET' || (error as { code?: string }).code === 'EIO' || (error as Error).message === 'aborted') {
    return new AppError('PACK_TRUNCATED');
  }
  return null;
}

async function nextEntry(entries: AsyncGenerator<TarEntry>): Promise<TarEntry | null> {
  const next = await entries.next();
  return next.done ? null : next.value;
}

async function readSmall(entry: TarEntry, max: number): Promise<Buffer> {
  if (entry.size > max) throw new AppError('PACK_NOT_A_PACK');
  const parts: Buffer[] = [];
  for await (const chunk of entry.body) parts.push(chunk);
  return Buffer.concat(parts);
}

async function readManifest(entries: AsyncGenerator<TarEntry>): Promise<{ manifest: Manifest; manifestBytes: Buffer }> {
  let entry: TarEntry | null;
  try {
    entry = await nextEntry(entries);
  } catch (error) {
    if (error instanceof TarError && !error.truncated) throw new AppError('PACK_NOT_A_PACK');
    throw error;
  }
  if (!entry || entry.name !== MANIFEST_NAME) throw new AppError('PACK_NOT_A_PACK');
  const manifestBytes = await readSmall(entry, MANIFEST_MAX_BYTES);
  let value: unknown;
  try {
    value = JSON.parse(manifestBytes.toString('utf8'));
  } catch {
    throw new AppError('PACK_CORRUPT');
  }
  const format = readFormat(value);
  if (format === null) throw new AppError('PACK_NOT_A_PACK');
  if (format > PACK_FORMAT) {
    throw new AppError(
      'PACK_TOO_NEW',
      { format, supported: PACK_FORMAT },
      `Este paquete se hizo con una versión más nueva de Kit Portal (formato ${format}); este kit lee hasta el formato ${PACK_FORMAT}. Actualiza el kit para importarlo. No se cambió nada`,
    );
  }
  if (!isManifest(value)) throw new AppError('PACK_CORRUPT');
  return { manifest: value, manifestBytes };
}

async function readSignature(entries: AsyncGenerator<TarEntry>): Promise<Signature | null> {
  const entry = await nextEntry(entries);
  if (!entry) throw new TarError('el archivo termina antes de tiempo', true);
  if (entry.name !== SIGNATURE_NAME) throw new AppError('PACK_UNSIGNED');
  try {
    const sig = JSON.parse((await readSmall(entry, 4096)).toString('utf8')) as Signature;
    if (typeof sig.publicKey !== 'string' || typeof sig.signature !== 'string') throw new Error('shape');
    return sig;
  } catch (error) {
    if (error instanceof TarError) throw error;
    throw new AppError('PACK_SIGNATURE_INVALID');
  }
}

/** The signer's key id (the pack's origin), or null for an unsigned pack the admin accepted. */
function checkSignature(ctx: ImportContext, manifestBytes: Buffer, sig: Signature | null, acceptUntrusted: boolean): string | null {
  if (sig === null) {
    if (!acceptUntrusted) throw new AppError('PACK_UNSIGNED');
    return null;
  }
  // A signature that does not match means the bytes were changed: never accepted.
  if (!verifyBytes(manifestBytes, sig)) throw new AppError('PACK_SIGNATURE_INVALID');
  if (!isTrusted(ctx, sig) && !acceptUntrusted) throw new AppError('PACK_UNTRUSTED', { keyId: sig.keyId });
  return keyIdOf(sig.publicKey);
}

const isTrusted = (ctx: ImportContext, sig: Signature): boolean => sig.publicKey === ctx.key.publicKey || isTrustedKey(ctx.db, sig.publicKey);

/**
 * Receives the pack's files into `staging`, each checked against the
 * manifest's hash and size, and types each staged one by its bytes: the
 * manifest's `ext` and `mime` are another kit's word and never used.
 */
async function receiveFiles(
  ctx: ImportContext,
  manifest: Manifest,
  entries: AsyncGenerator<TarEntry>,
  staging: string,
): Promise<{ types: Map<string, FileType>; libraries: Map<string, ZimFacts> }> {
  const expected = new Map(manifest.files.map((f) => [f.sha256, f]));
  const received = new Set<string>();
  const types = new Map<string, FileType>();
  const libraries = new Map<string, ZimFacts>();
  for (let entry = await nextEntry(entries); entry; entry = await nextEntry(entries)) {
    const sha = /^media\/([0-9a-f]{64})$/.exec(entry.name)?.[1];
    const file = sha ? expected.get(sha) : undefined;
    if (!sha || !file || received.has(sha) || entry.size !== file.size) throw new AppError('PACK_CORRUPT');
    const staged = path.join(staging, sha);
    // Stored already, or verified by an earlier cut attempt: hash it, write nothing.
    const keep = !mediaExists(ctx.db, sha) && !fs.existsSync(staged);
    const part = `${staged}.part`;
    let hash: string;
    try {
      hash = await hashEntryTo(entry, keep ? part : null);
    } catch (error) {
      // Half a file is no use to the next attempt.
      fs.rmSync(part, { force: true });
      throw error;
    }
    if (hash !== sha) {
      fs.rmSync(part, { force: true });
      throw new AppError('PACK_CORRUPT', { file: sha });
    }
    if (keep) {
      await fs.promises.rename(part, staged);
      await fsyncDir(staging);
    }
    if (fs.existsSync(staged)) {
      const type = await fileTypeOf(staged);
      types.set(sha, type);
      // A library is checked by the receiving kit as by every door: opened by the reader now, its MD5 after the import.
      if (type.typeCode === RESOURCE_TYPES.LIBRARY) libraries.set(sha, await inspectZim(staged));
    }
    received.add(sha);
  }
  if (received.size !== expected.size) throw new AppError('PACK_TRUNCATED');
  return { types, libraries };
}

/**
 * A library whose ZIM this kit already stores was not staged (receiveFiles
 * writes nothing it has): its metadata are read from the stored copy, so the
 * new resource gets them and a check of its own.
 */
async function readStoredLibraries(ctx: ImportContext, manifest: Manifest, libraries: Map<string, ZimFacts>): Promise<void> {
  for (const r of manifest.resources) {
    const stored = r.mediaSha256 ? mediaPath(ctx.dataDir, r.mediaSha256, 'zim') : null;
    if (r.type !== RESOURCE_TYPES.LIBRARY || !r.mediaSha256 || !stored || libraries.has(r.mediaSha256) || !fs.existsSync(stored)) continue;
    libraries.set(r.mediaSha256, await inspectZim(stored));
  }
}

/** Moves the files the new rows use into the store, then changes the library in one transaction. */
function commit(
  ctx: ImportContext,
  manifest: Manifest,
  staging: string,
  types: Map<string, FileType>,
  libraries: Map<string, ZimFacts>,
  arrival: 'published' | 'pending',
  origin: string | null,
): ImportReport {
  const { db, dataDir } = ctx;
  const files = new Map(manifest.files.map((f) => [f.sha256, f]));
  const moved: { sha256: string; ext: string }[] = [];
  const place = (file: PackFile) => {
    const staged = path.join(staging, file.sha256);
    const type = types.get(file.sha256);
    // Synchronous on purpose: awaiting here would let an edit slip between the plan and its transaction.
    if (type && fs.existsSync(staged)) {
      adoptFileSync(dataDir, staged, file.sha256, type.ext);
      moved.push({ sha256: file.sha256, ext: type.ext });
      // Not staged because the kit had it (or placed it above): gone since, it comes with the next attempt.
    } else if (!mediaExists(db, file.sha256) && !(type && fs.existsSync(mediaPath(dataDir, file.sha256, type.ext)))) throw new AppError('PACK_TRUNCATED');
  };
  /** The transaction failed (a full disk): moved files no row uses go back to staging, for the next attempt. */
  const putBack = () => {
    for (const file of moved) if (!mediaExists(db, file.sha256)) fs.renameSync(mediaPath(dataDir, file.sha256, file.ext), path.join(staging, file.sha256));
  };
  const report = emptyReport(manifest.packId, manifest.source.kit);
  const resource = (r: { globalId: string; title: string }) => ({ kind: 'resource' as const, globalId: r.globalId, title: r.title });

  // Decide first (reads only), so files are moved only for rows that will use them.
  const plan = manifest.resources.map((r) => {
    const local = resourceByGlobalId(db, r.globalId);
    const fp = fingerprint(r);
    if (!local) return { r, fp, action: 'add' as const };
    const localFp = fingerprint(local);
    if (local.type === RESOURCE_TYPES.LIST) return { r, fp, action: 'refuse' as const, reason: 'En este kit es una lista de reproducción' };
    // Blocked here only because its origin withdrew it, and that origin publishes it again.
    if (local.status === 'blocked' && local.withdrawnAt !== null && origin !== null && local.originKeyId === origin) return { r, fp, action: 'restore' as const, id: local.id };
    if (local.status === 'blocked' || local.status === 'rejected') return { r, fp, action: 'refuse' as const, reason: 'Bloqueado o rechazado por la moderación de este kit' };
    if (localFp === fp) return { r, fp, action: 'same' as const, id: local.id };
    if (local.syncedFingerprint === fp) return { r, fp, action: 'skip' as const, reason: 'La copia de este kit es más reciente' };
    if (local.syncedFingerprint === localFp) return { r, fp, action: 'update' as const, id: local.id };
    return { r, fp, action: 'skip' as const, reason: 'Conflicto: editado en los dos kits; se conserva la versión de este kit' };
  });
  const writes = (action: string) => action === 'add' || action === 'update' || action === 'restore';
  const copies = phoneCopies(db, manifest, types, plan.filter((step) => writes(step.action) || step.action === 'same').map((step) => step.r.mediaSha256));
  const copiesOf = (sha: string | null) => (sha ? (copies.get(sha) ?? []) : []);
  for (const step of plan) {
    const keeps = writes(step.action) ? [step.r.mediaSha256, step.r.coverSha256] : step.action === 'same' ? [] : null;
    if (keeps === null) continue;
    for (const sha of [...keeps, ...copiesOf(step.r.mediaSha256).map((c) => c.sha256)]) {
      const file = sha ? files.get(sha) : undefined;
      if (file) place(file);
    }
  }

  const apply = db.transaction(() => {
    const categoryIds = mergeCategories(db, manifest.categories, origin, report);
    for (const step of plan) {
      const fields = { r: step.r, categoryId: step.r.categoryGlobalId === null ? null : (categoryIds.get(step.r.categoryGlobalId) ?? null) };
      const packCopies = writes(step.action) || step.action === 'same' ? copiesOf(step.r.mediaSha256) : [];
      const stored = writes(step.action) ? [step.r.mediaSha256, step.r.coverSha256] : [];
      for (const sha of new Set([...stored, ...packCopies.map((c) => c.sha256)])) {
        const file = sha ? files.get(sha) : undefined;
        const type = sha ? types.get(sha) : undefined;
        if (file && type) insertMedia(db, { sha256: file.sha256, size: file.size, type });
      }
      adoptCarriedCopies(db, step.r.mediaSha256, packCopies);
      // Its MD5 is checked once the import is over (onFilesArrived resumes every check not done).
      const library = (id: number) => {
        const facts = step.r.mediaSha256 ? libraries.get(step.r.mediaSha256) : undefined;
        if (facts && step.r.mediaSha256) recordLibrary(db, id, step.r.mediaSha256, facts);
      };
      if (step.action === 'add') {
        const id = insertResource(db, fields, arrival);
        library(id);
        rememberSync(db, id, step.fp, step.r.owner, origin);
        note(report, resource(step.r), 'added');
      } else if (step.action === 'update' || step.action === 'restore') {
        updateResource(db, step.id, fields);
        library(step.id);
        if (step.action === 'restore') restoreResource(db, step.id, arrival);
        rememberSync(db, step.id, step.fp, step.r.owner, origin);
        note(report, resource(step.r), 'updated', step.action === 'restore' ? 'Vuelve a estar disponible en el kit de origen' : null);
      } else if (step.action === 'same') {
        rememberSync(db, step.id, step.fp, step.r.owner, origin);
        note(report, resource(step.r), 'skipped', 'Sin cambios');
      } else {
        note(report, resource(step.r), step.action === 'refuse' ? 'refused' : 'skipped', step.reason);
      }
    }
    // Resources first: one leaving a deleted category moved out of it above.
    const withdrawals = manifest.withdrawals ?? [];
    for (const w of withdrawals) if (w.kind === 'resource') withdrawCopy(db, w.globalId, manifest.source.kit, origin, report);
    withdrawCategories(db, withdrawals, origin, report);
  });
  try {
    apply();
  } catch (error) {
    putBack();
    throw error;
  }
  return report;
}

/**
 * The phone copies the pack carries for these files (by source), kept only
 * for files this pack brought (new here: `types` holds exactly the files it
 * staged), so a pack never sets the copies of a file the kit had already,
 * which other resources here may use. And only when every copy of the file
 * is a kind its source gets and is what that kind must be, both by their
 * bytes (receiveFiles typed them; a copy the kit had already was typed by
 * its own door), never by the manifest's mime: a hub prepares them once, and
 * its kits never redo the work. A file left without copies, or with one that
 * is not what it claims, gets a job of its own (the import's catch-up,
 * queue.ts).
 */
function phoneCopies(db: Db, manifest: Manifest, types: Map<string, FileType>, sources: ReadonlyArray<string | null>): Map<string, PackRendition[]> {
  const wanted = new Set(sources.filter((s): s is string => s !== null && types.has(s) && !hasCopies(db, s)));
  const mimeOf = (sha: string) => types.get(sha)?.mime ?? findMedia(db, sha)?.mime;
  const bySource = new Map<string, PackRendition[]>();
  const refused = new Set<string>();
  for (const c of manifest.renditions ?? []) {
    if (!wanted.has(c.source)) continue;
    const fits = copyKindsFor(mimeOf(c.source) ?? '').includes(c.kind) && mimeOf(c.sha256) === RENDITION_SPECS[c.kind].mime;
    if (fits) bySource.set(c.source, [...(bySource.get(c.source) ?? []), c]);
    else refused.add(c.source);
  }
  for (const source of refused) bySource.delete(source);
  return bySource;
}

/**
 * A resource its origin withdrew or deleted: this kit's copy is blocked
 * (hidden from users) if it came from that kit and was not edited here since;
 * an edit here wins, as for updates.
 */
function withdrawCopy(db: Db, globalId: string, sourceKit: string, origin: string | null, report: ImportReport): void {
  const local = resourceByGlobalId(db, globalId);
  if (!local || local.type === RESOURCE_TYPES.LIST) return;
  const item = { kind: 'resource' as const, globalId, title: local.title };
  if (origin === null || local.originKeyId !== origin) return note(report, item, 'skipped', 'Retirado en el otro kit, pero la copia de este kit no vino de él');
  if (local.status !== 'published' && local.status !== 'pending') return note(report, item, 'skipped', 'Ya estaba retirado en este kit');
  if (fingerprint(local) !== local.syncedFingerprint) return note(report, item, 'skipped', 'Retirado en el kit de origen, pero editado en este kit: se conserva la versión de este kit');
  withdrawResource(db, local.id, `Retirado en el kit de origen (${sourceKit})`);
  note(report, item, 'withdrawn', 'Retirado en el kit de origen');
}
