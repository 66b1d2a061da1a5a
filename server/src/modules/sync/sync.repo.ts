import { RESOURCE_TERM_NAMES, UPLOAD_TYPE_CODES } from '@kit/contract';
import { holdBack } from '../../catalog/resources.repo.ts';
import type { Db } from '../../db/connection.ts';
import type { PackCategory, PackFile, PackResource, PackWithdrawal } from './pack-format.ts';

/** SQL of content packs and sync (docs/SYNC.md). */

export interface DbSyncResource extends Omit<PackResource, 'status'> {
  id: number;
  status: string;
}

/** Categories as a pack lists them, parents first; `roots` limits them to those subtrees and their ancestors. */
export function categoriesForPack(db: Db, roots: readonly string[] | null): PackCategory[] {
  const rows = db
    .prepare(
      `WITH RECURSIVE tree (id, depth) AS (
         SELECT id, 0 FROM categories WHERE parent_id IS NULL
         UNION ALL SELECT c.id, t.depth + 1 FROM categories c JOIN tree t ON c.parent_id = t.id)
       SELECT c.global_id AS globalId, c.name, p.global_id AS parentGlobalId, c.priority, c.status_id AS status
       FROM tree t JOIN categories c ON c.id = t.id LEFT JOIN categories p ON p.id = c.parent_id
       ORDER BY t.depth, c.priority, c.id`,
    )
    .all() as PackCategory[];
  if (roots === null) return rows;
  const byId = new Map(rows.map((c) => [c.globalId, c]));
  const keep = new Set<string>();
  for (const root of roots) {
    for (let c = byId.get(root); c && !keep.has(c.globalId); c = c.parentGlobalId ? byId.get(c.parentGlobalId) : undefined) keep.add(c.globalId);
  }
  const inside = subtreeIds(rows, roots);
  return rows.filter((c) => keep.has(c.globalId) || inside.has(c.globalId));
}

/** The global ids of these categories and everything below them. */
export function subtreeIds(categories: readonly PackCategory[], roots: readonly string[]): Set<string> {
  const inside = new Set(roots.filter((r) => categories.some((c) => c.globalId === r)));
  for (const c of categories) if (c.parentGlobalId !== null && inside.has(c.parentGlobalId)) inside.add(c.globalId);
  return inside;
}

const RESOURCE_COLUMNS = `r.id, r.global_id AS globalId, r.title, r.description, ${RESOURCE_TERM_NAMES.map((name) => `r.${name}`).join(', ')},
  r.type_code AS type, c.global_id AS categoryGlobalId, r.status,
  coalesce(nullif(trim(u.name || ' ' || u.last_name), ''), u.user_name, s.owner_name) AS owner,
  r.media_sha256 AS mediaSha256, r.media_name AS mediaName, r.cover_sha256 AS coverSha256,
  r.app_version AS appVersion, r.created_at AS createdAt, r.updated_at AS updatedAt, r.published_at AS publishedAt`;
const RESOURCE_FROM = `FROM resources r LEFT JOIN categories c ON c.id = r.category_id
  LEFT JOIN users u ON u.id = r.user_id LEFT JOIN sync_resource_state s ON s.resource_id = r.id`;

/** Published resources that travel in packs (lists are personal and stay on their kit). */
export function publishedResources(db: Db): DbSyncResource[] {
  return db.prepare(`SELECT ${RESOURCE_COLUMNS} ${RESOURCE_FROM} WHERE r.status = 'published' AND r.type_code IN (${UPLOAD_TYPE_CODES.join(', ')}) ORDER BY r.id`).all() as DbSyncResource[];
}

export interface DbLocalResource extends DbSyncResource {
  syncedFingerprint: string | null;
  /** the key id of the kit it came from, if it came in a signed pack */
  originKeyId: string | null;
  /** set while it is blocked here because its origin withdrew it */
  withdrawnAt: string | null;
}

export function resourceByGlobalId(db: Db, globalId: string): DbLocalResource | undefined {
  return db
    .prepare(`SELECT ${RESOURCE_COLUMNS}, s.fingerprint AS syncedFingerprint, s.origin_key_id AS originKeyId, s.withdrawn_at AS withdrawnAt ${RESOURCE_FROM} WHERE r.global_id = ?`)
    .get(globalId) as DbLocalResource | undefined;
}

export function filesOf(db: Db, shas: Iterable<string>): PackFile[] {
  const get = db.prepare('SELECT sha256, size, ext, mime FROM media WHERE sha256 = ?');
  const files: PackFile[] = [];
  for (const sha of shas) {
    const row = get.get(sha) as PackFile | undefined;
    if (row) files.push(row);
  }
  return files;
}

export function mediaExists(db: Db, sha256: string): boolean {
  return db.prepare('SELECT 1 FROM media WHERE sha256 = ?').get(sha256) !== undefined;
}

/** `origin`: the signer of the imported pack; null on export (keeps the origin it had). */
export function rememberSync(db: Db, resourceId: number, fingerprint: string, ownerName: string | null, origin: string | null = null): void {
  db.prepare(
    `INSERT INTO sync_resource_state (resource_id, fingerprint, owner_name, origin_key_id) VALUES (?, ?, ?, ?)
     ON CONFLICT (resource_id) DO UPDATE SET fingerprint = excluded.fingerprint,
       owner_name = coalesce(excluded.owner_name, owner_name), origin_key_id = coalesce(excluded.origin_key_id, origin_key_id),
       synced_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  ).run(resourceId, fingerprint, ownerName, origin);
}

/** Tombstones recorded after `since` (all of them for null), oldest first. */
export function withdrawalsSince(db: Db, since: string | null): (PackWithdrawal & { categoryGlobalId: string | null })[] {
  return db
    .prepare(
      `SELECT kind, global_id AS globalId, state, withdrawn_at AS at, category_global_id AS categoryGlobalId
       FROM sync_withdrawals WHERE ? IS NULL OR withdrawn_at > ? ORDER BY withdrawn_at, kind, global_id`,
    )
    .all(since, since) as (PackWithdrawal & { categoryGlobalId: string | null })[];
}

export function categoriesChangedSince(db: Db, since: string): boolean {
  return db.prepare('SELECT 1 FROM categories WHERE updated_at > ? LIMIT 1').get(since) !== undefined;
}

/** Blocks a copy whose origin withdrew it, and marks it so that origin can bring it back. */
export function withdrawResource(db: Db, id: number, reason: string): void {
  holdBack(db, { id }, reason);
  db.prepare(`UPDATE sync_resource_state SET withdrawn_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE resource_id = ?`).run(id);
}


/** A category here with what it looked like at its last sync (null fields: never synced). */
export interface DbLocalCategory {
  id: number;
  globalId: string;
  name: string;
  parentId: number | null;
  parentGlobalId: string | null;
  priority: number;
  hasState: 0 | 1;
  syncedName: string | null;
  syncedParentGlobalId: string | null;
  syncedPriority: number | null;
  originKeyId: string | null;
}

export function categoryByGlobalId(db: Db, globalId: string): DbLocalCategory | undefined {
  return db
    .prepare(
      `SELECT c.id, c.global_id AS globalId, c.name, c.parent_id AS parentId, p.global_id AS parentGlobalId, c.priority,
         s.category_id IS NOT NULL AS hasState, s.name AS syncedName, s.parent_global_id AS syncedParentGlobalId,
         s.priority AS syncedPriority, s.origin_key_id AS originKeyId
       FROM categories c LEFT JOIN categories p ON p.id = c.parent_id LEFT JOIN sync_category_state s ON s.category_id = c.id
       WHERE c.global_id = ?`,
    )
    .get(globalId) as DbLocalCategory | undefined;
}

/** The category's shared fields as the other kit (or this kit's export) last had them. */
export function rememberCategorySync(db: Db, categoryId: number, c: PackCategory, origin: string | null): void {
  db.prepare(
    `INSERT INTO sync_category_state (category_id, name, parent_global_id, priority, origin_key_id) VALUES (?, ?, ?, ?, ?)
     ON CONFLICT (category_id) DO UPDATE SET name = excluded.name, parent_global_id = excluded.parent_global_id,
       priority = excluded.priority, origin_key_id = coalesce(excluded.origin_key_id, origin_key_id),
       synced_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  ).run(categoryId, c.name, c.parentGlobalId, c.priority, origin);
}

export function updateCategoryFromPack(db: Db, id: number, f: { name: string; parentId: number | null; priority: number }): void {
  db.prepare("UPDATE categories SET name = ?, parent_id = ?, priority = ?, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").run(
    f.name,
    f.parentId,
    f.priority,
    id,
  );
}

/** Published resources in a category (its own, not its subcategories'). */
export function publishedIn(db: Db, categoryId: number): number {
  return (db.prepare(`SELECT COUNT(*) AS n FROM resources WHERE category_id = ? AND status = 'published'`).get(categoryId) as { n: number }).n;
}

export function hideCategory(db: Db, id: number): void {
  db.prepare("UPDATE categories SET status_id = 0, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?").run(id);
}

export function insertCategory(db: Db, c: PackCategory, parentId: number | null): number {
  return Number(
    db.prepare('INSERT INTO categories (global_id, name, parent_id, priority, status_id) VALUES (?, ?, ?, ?, ?)').run(c.globalId, c.name, parentId, c.priority, c.status).lastInsertRowid,
  );
}


export type ImportSource = 'upload' | 'usb' | 'hub';

export function startImportJournal(db: Db, packId: string, source: ImportSource): number {
  return Number(db.prepare('INSERT INTO sync_imports (pack_id, source) VALUES (?, ?)').run(packId, source).lastInsertRowid);
}

export function finishImportJournal(db: Db, id: number, status: 'done' | 'refused' | 'interrupted', message: string, report: unknown): void {
  db.prepare(`UPDATE sync_imports SET status = ?, message = ?, report = ?, finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE id = ?`).run(
    status,
    message,
    JSON.stringify(report),
    id,
  );
}

/** At start: an import still 'running' was cut by a stop or a power cut. */
export function markInterruptedImports(db: Db): number {
  return db.prepare(`UPDATE sync_imports SET status = 'interrupted', finished_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now') WHERE status = 'running'`).run().changes;
}

export function packWasImported(db: Db, packId: string): boolean {
  return db.prepare(`SELECT 1 FROM sync_imports WHERE pack_id = ? AND status = 'done'`).get(packId) !== undefined;
}

export interface DbImportRow {
  id: number;
  pack_id: string;
  source: ImportSource;
  status: string;
  message: string | null;
  report: string | null;
  started_at: string;
  finished_at: string | null;
}

export function recentImports(db: Db, limit: number): DbImportRow[] {
  return db.prepare('SELECT * FROM sync_imports ORDER BY id DESC LIMIT ?').all(limit) as DbImportRow[];
}

export interface DbTrustedKey {
  key_id: string;
  public_key: string;
  label: string;
  created_at: string;
}

export function trustedKeys(db: Db): DbTrustedKey[] {
  return db.prepare('SELECT key_id, public_key, label, created_at FROM sync_trusted_keys ORDER BY created_at').all() as DbTrustedKey[];
}

export function isTrustedKey(db: Db, publicKey: string): boolean {
  return db.prepare('SELECT 1 FROM sync_trusted_keys WHERE public_key = ?').get(publicKey) !== undefined;
}

export function addTrustedKey(db: Db, key: { keyId: string; publicKey: string; label: string; addedBy: number | null }): void {
  db.prepare('INSERT OR IGNORE INTO sync_trusted_keys (key_id, public_key, label, added_by) VALUES (?, ?, ?, ?)').run(key.keyId, key.publicKey, key.label, key.addedBy);
}

export function removeTrustedKey(db: Db, keyId: string): boolean {
  return db.prepare('DELETE FROM sync_trusted_keys WHERE key_id = ?').run(keyId).changes > 0;
}

export function readHubState<T>(db: Db, key: string): T | null {
  const row = db.prepare('SELECT value FROM sync_hub_state WHERE key = ?').get(key) as { value: string } | undefined;
  return row ? (JSON.parse(row.value) as T) : null;
}

export function writeHubState(db: Db, key: string, value: unknown): void {
  db.prepare(
    `INSERT INTO sync_hub_state (key, value) VALUES (?, ?)
     ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = strftime('%Y-%m-%dT%H:%M:%fZ', 'now')`,
  ).run(key, JSON.stringify(value));
}

export interface UsageRow {
  globalId: string;
  day: string;
  views: number;
  downloads: number;
}

/** Views and downloads per resource and day from `fromDay` on (the days since the last report, today included). */
export function usageSince(db: Db, fromDay: string): UsageRow[] {
  return db
    .prepare(
      `SELECT r.global_id AS globalId, s.day, s.views, s.downloads FROM resource_stats_daily s JOIN resources r ON r.id = s.resource_id
       WHERE s.day >= ? ORDER BY s.day, r.global_id LIMIT 50000`,
    )
    .all(fromDay) as UsageRow[];
}

export interface DecisionRow {
  globalId: string;
  action: string;
  toStatus: string;
  reason: string | null;
  at: string;
}

/** Moderation decisions taken here after `since`. */
export function decisionsSince(db: Db, since: string): DecisionRow[] {
  return db
    .prepare(
      `SELECT r.global_id AS globalId, e.action, e.to_status AS toStatus, e.reason, e.created_at AS at
       FROM resource_events e JOIN resources r ON r.id = e.resource_id WHERE e.created_at > ? ORDER BY e.id LIMIT 50000`,
    )
    .all(since) as DecisionRow[];
}

/** Keeps a kit's report once; false when that report id was kept before. */
export function storeHubReport(db: Db, report: { reportId: string; keyId: string; kit: string; body: string; createdAt: string; receivedAt: string }): boolean {
  return (
    db
      .prepare('INSERT OR IGNORE INTO hub_reports (report_id, key_id, kit_name, body, created_at, received_at) VALUES (?, ?, ?, ?, ?, ?)')
      .run(report.reportId, report.keyId, report.kit, report.body, report.createdAt, report.receivedAt).changes > 0
  );
}

export function hubReportKept(db: Db, reportId: string): boolean {
  return db.prepare('SELECT 1 FROM hub_reports WHERE report_id = ?').get(reportId) !== undefined;
}

/**
 * The time of the newest report kept from this kit: its own clock's, but
 * never later than when it arrived, so a kit whose clock ran ahead is not
 * shut out once it is set right. Null before its first report.
 */
export function newestHubReportAt(db: Db, keyId: string): string | null {
  const row = db.prepare<[string], { at: string | null }>('SELECT MAX(MIN(created_at, received_at)) AS at FROM hub_reports WHERE key_id = ? AND created_at IS NOT NULL').get(keyId);
  return row?.at ?? null;
}
