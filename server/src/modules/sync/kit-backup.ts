import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { Db } from '../../db/connection.ts';
import { readMigrations } from '../../db/migrate.ts';
import { ensureDiskSpace } from '../../disk-space.ts';
import { AppError } from '../../errors.ts';
import { adoptFileSync, fsyncDir, fsyncDirSync, fsyncFile, hashFile, mediaPath } from '../../media/store.ts';
import { writeFileAtomically } from './pack-export.ts';
import { signBytes, verifyBytes, type KitKey, type Signature } from './sync-keys.ts';
import { hashEntryTo, readTar, tarSize, TarError, TarWriter, type TarEntry } from './tar.ts';

/*
 * A backup of the whole kit (docs/SYNC.md): a ustar file with backup.json
 * (format, kit key id, schema version, the database's and every media file's
 * sha256 and size), backup.sig (this kit's signature of backup.json),
 * portal.db (SQLite's online backup API: a consistent copy while the kit
 * serves) and media/<sha256>.<ext>. A restore is verified in full into
 * restore-pending/ and applied at the next start, before the database opens.
 */
export const BACKUP_FORMAT = 1;
export const BACKUP_EXTENSION = 'kitbackup';
export const backupsDir = (dataDir: string): string => path.join(dataDir, 'sync', 'backups');
const pendingDir = (dataDir: string): string => path.join(dataDir, 'restore-pending');
const READY = 'READY';

const FileSchema = Type.Object({ sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }), ext: Type.String({ pattern: '^[a-z0-9]{1,8}$' }), size: Type.Integer({ minimum: 0 }) });
const BackupManifestSchema = Type.Object({
  format: Type.Integer({ minimum: 1 }),
  kind: Type.Literal('kit-portal-backup'),
  backupId: Type.String({ pattern: '^[0-9a-f]{32}$' }),
  kit: Type.String(),
  keyId: Type.String(),
  createdAt: Type.String(),
  schemaVersion: Type.Integer({ minimum: 1 }),
  database: Type.Object({ sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }), size: Type.Integer({ minimum: 1 }) }),
  files: Type.Array(FileSchema),
});
type BackupManifest = Static<typeof BackupManifestSchema>;

export interface BackupContext {
  db: Db;
  dataDir: string;
  diskReserveBytes: number;
  key: KitKey;
  kitName: string;
}

const filesIn = (dir: string): string[] => (fs.existsSync(dir) ? fs.readdirSync(dir).map((name) => path.join(dir, name)) : []);
const sizeOf = (file: string): number => fs.statSync(file, { throwIfNoEntry: false })?.size ?? 0;

/**
 * What a backup adds to the data disk, for the space check before it starts:
 * the database copy, plus the whole backup file when it stays on the kit
 * (less the previous one, which it replaces).
 */
export function backupBytesOnDataDisk(ctx: BackupContext, onKit: boolean): number {
  const { db, dataDir } = ctx;
  const dbBytes = (db.pragma('page_count', { simple: true }) as number) * (db.pragma('page_size', { simple: true }) as number);
  if (!onKit) return dbBytes;
  const sizes = (db.prepare('SELECT size FROM media').all() as { size: number }[]).map((m) => m.size);
  // backup.json lists every file (about 150 bytes each); backup.sig is a few hundred bytes.
  const file = tarSize([1024 + 160 * sizes.length, 1024, dbBytes, ...sizes]);
  const previous = filesIn(backupsDir(dataDir)).reduce((sum, f) => sum + sizeOf(f), 0);
  return Math.max(0, dbBytes + file - previous);
}

/**
 * Writes the backup into sync/backups/<backupId>.kitbackup (for download), or
 * into `folder` (a drive) as kitportal-<kit>-<date>-<id>.kitbackup; returns its id.
 */
export async function writeBackup(ctx: BackupContext, folder: string | null, onTotal: (n: number) => void, onBytes: (n: number) => void): Promise<string> {
  const { db, dataDir, key } = ctx;
  const dir = backupsDir(dataDir);
  // Only the latest backup waits to be downloaded: the card is small. (Unlinking gigabytes takes a while: off the event loop.)
  await fs.promises.rm(dir, { recursive: true, force: true });
  fs.mkdirSync(dir, { recursive: true });
  const dbCopy = path.join(dir, 'portal.db.copy');
  await db.backup(dbCopy);
  const backupId = createHash('sha256').update(`${Date.now()}-${Math.random()}`).digest('hex').slice(0, 32);
  const files = db.prepare('SELECT sha256, ext, size FROM media ORDER BY sha256').all() as BackupManifest['files'];
  const manifest: BackupManifest = {
    format: BACKUP_FORMAT,
    kind: 'kit-portal-backup',
    backupId,
    kit: ctx.kitName,
    keyId: key.keyId,
    createdAt: new Date().toISOString(),
    schemaVersion: db.pragma('user_version', { simple: true }) as number,
    database: { sha256: await hashFile(dbCopy), size: fs.statSync(dbCopy).size },
    files,
  };
  const manifestBytes = Buffer.from(JSON.stringify(manifest));
  const sigBytes = Buffer.from(JSON.stringify(signBytes(key, manifestBytes)));
  onTotal(tarSize([manifestBytes.length, sigBytes.length, manifest.database.size, ...files.map((f) => f.size)]));
  try {
    const target = folder === null ? path.join(dir, `${backupId}.${BACKUP_EXTENSION}`) : path.join(folder, `kitportal-${ctx.kitName}-${manifest.createdAt.slice(0, 10)}-${backupId.slice(0, 8)}.${BACKUP_EXTENSION}`);
    await writeFileAtomically(target, async (out) => {
      const tar = new TarWriter(out, onBytes);
      await tar.addBuffer('backup.json', manifestBytes);
      await tar.addBuffer('backup.sig', sigBytes);
      await tar.addStream('portal.db', manifest.database.size, fs.createReadStream(dbCopy));
      for (const f of files) await tar.addStream(`media/${f.sha256}.${f.ext}`, f.size, fs.createReadStream(mediaPath(dataDir, f.sha256, f.ext)));
      await tar.finish();
    });
  } finally {
    fs.rmSync(dbCopy, { force: true });
  }
  return backupId;
}

async function readAll(entry: TarEntry | undefined, name: string, max: number): Promise<Buffer> {
  if (!entry || entry.name !== name || entry.size > max) throw new AppError('BACKUP_NOT_A_BACKUP');
  const parts: Buffer[] = [];
  for await (const chunk of entry.body) parts.push(chunk);
  return Buffer.concat(parts);
}
/**
 * Verifies a backup as it streams in (this kit's signature, format, schema,
 * every hash) into restore-pending/, marked READY only when all of it checked
 * out. Nothing in the live kit changes until the next start applies it.
 */
export async function stageRestore(ctx: BackupContext, source: Readable): Promise<{ createdAt: string }> {
  const staging = `${pendingDir(ctx.dataDir)}.tmp`;
  await fs.promises.rm(staging, { recursive: true, force: true });
  const entries = readTar(source);
  try {
    const first = await entries.next().catch((error: unknown) => {
      if (error instanceof TarError && !error.truncated) throw new AppError('BACKUP_NOT_A_BACKUP');
      throw error;
    });
    const manifestBytes = await readAll(first.done ? undefined : first.value, 'backup.json', 64 * 1024 * 1024);
    let manifest: unknown;
    try {
      manifest = JSON.parse(manifestBytes.toString('utf8'));
    } catch {
      throw new AppError('BACKUP_CORRUPT');
    }
    const format = (manifest as { format?: unknown } | null)?.format;
    if ((manifest as { kind?: unknown } | null)?.kind !== 'kit-portal-backup' || typeof format !== 'number') throw new AppError('BACKUP_NOT_A_BACKUP');
    if (format > BACKUP_FORMAT) throw new AppError('BACKUP_TOO_NEW');
    const sigEntry = await entries.next();
    let sig: Signature;
    try {
      sig = JSON.parse((await readAll(sigEntry.done ? undefined : sigEntry.value, 'backup.sig', 4096)).toString('utf8')) as Signature;
    } catch (error) {
      if (error instanceof AppError) throw error;
      throw new AppError('BACKUP_CORRUPT');
    }
    if (sig.publicKey !== ctx.key.publicKey) throw new AppError('BACKUP_FOREIGN');
    if (!verifyBytes(manifestBytes, sig) || !Value.Check(BackupManifestSchema, manifest)) throw new AppError('BACKUP_CORRUPT');
    const valid: BackupManifest = manifest;
    if (valid.schemaVersion > readMigrations().length) throw new AppError('BACKUP_TOO_NEW');
    // Files the kit already has are checked, not written again: only the rest needs room.
    const missing = valid.files.filter((f) => !fs.existsSync(mediaPath(ctx.dataDir, f.sha256, f.ext)));
    ensureDiskSpace(ctx, valid.database.size + missing.reduce((sum, f) => sum + f.size, 0));

    fs.mkdirSync(path.join(staging, 'media'), { recursive: true });
    const dbEntry = await entries.next();
    if (dbEntry.done || dbEntry.value.name !== 'portal.db' || dbEntry.value.size !== valid.database.size) throw new AppError('BACKUP_CORRUPT');
    if ((await hashEntryTo(dbEntry.value, path.join(staging, 'portal.db'))) !== valid.database.sha256) throw new AppError('BACKUP_CORRUPT');
    const expected = new Map(valid.files.map((f) => [`media/${f.sha256}.${f.ext}`, f]));
    let received = 0;
    for (let next = await entries.next(); !next.done; next = await entries.next()) {
      const file = expected.get(next.value.name);
      if (!file || next.value.size !== file.size) throw new AppError('BACKUP_CORRUPT');
      expected.delete(next.value.name);
      // Files the kit already has are checked, not written again.
      const have = fs.existsSync(mediaPath(ctx.dataDir, file.sha256, file.ext));
      if ((await hashEntryTo(next.value, have ? null : path.join(staging, 'media', `${file.sha256}.${file.ext}`))) !== file.sha256) throw new AppError('BACKUP_CORRUPT');
      received += 1;
    }
    if (expected.size > 0 || received !== valid.files.length) throw new AppError('BACKUP_CORRUPT');
    await fs.promises.writeFile(path.join(staging, READY), valid.createdAt);
    await fsyncFile(path.join(staging, READY));
    await fsyncDir(staging);
    await fs.promises.rm(pendingDir(ctx.dataDir), { recursive: true, force: true });
    await fs.promises.rename(staging, pendingDir(ctx.dataDir));
    await fsyncDir(ctx.dataDir);
    return { createdAt: valid.createdAt };
  } catch (error) {
    await fs.promises.rm(staging, { recursive: true, force: true });
    await entries.return(undefined).catch(() => undefined);
    if (error instanceof TarError) throw new AppError('BACKUP_CORRUPT');
    throw error;
  }
}

/**
 * At start, before the database opens: a verified restore replaces the
 * database and brings its media back. Every step can run again after a
 * power cut, so a restore is either applied whole or still pending.
 */
export function applyPendingRestore(dataDir: string): boolean {
  const pending = pendingDir(dataDir);
  if (!fs.existsSync(path.join(pending, READY))) {
    fs.rmSync(`${pending}.tmp`, { recursive: true, force: true });
    return false;
  }
  for (const name of fs.readdirSync(path.join(pending, 'media'))) {
    const [sha256, ext] = name.split('.');
    if (sha256 && ext) adoptFileSync(dataDir, path.join(pending, 'media', name), sha256, ext);
  }
  const staged = path.join(pending, 'portal.db');
  if (fs.existsSync(staged)) {
    // The old database's journal must never be replayed onto the restored one.
    for (const suffix of ['-wal', '-shm']) fs.rmSync(path.join(dataDir, `portal.db${suffix}`), { force: true });
    fs.renameSync(staged, path.join(dataDir, 'portal.db'));
    fsyncDirSync(dataDir);
  }
  fs.rmSync(pending, { recursive: true, force: true });
  fsyncDirSync(dataDir);
  return true;
}
