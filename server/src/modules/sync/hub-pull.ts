import fs from 'node:fs';
import path from 'node:path';
import { ensureDiskSpace } from '../../disk-space.ts';
import { AppError } from '../../errors.ts';
import { hashFile } from '../../media/store.ts';
import { downloadResumable } from './hub-download.ts';
import { isFeed, type FeedEntry } from './hub-feed.ts';
import { importPack, type ImportReport } from './pack-import.ts';
import { mergeReports } from './import-report.ts';
import { openTrusted } from './signed-envelope.ts';
import { packWasImported } from './sync.repo.ts';
import type { SyncContext } from './sync-context.ts';

const FEED_MAX_BYTES = 16 * 1024 * 1024;
export const downloadsDir = (dataDir: string): string => path.join(dataDir, 'sync', 'downloads');

/**
 * Whether an answer is a page rather than a feed: a hub that has not
 * published yet often answers its feed's address with its web app's HTML.
 */
function isHtml(contentType: string | null, text: string): boolean {
  return (contentType ?? '').toLowerCase().includes('text/html') || text.trimStart().startsWith('<');
}

/**
 * The hub's feed, verified: signed by a trusted publisher, well formed. A
 * hub that has not published one (404, or a web page instead) is told apart
 * from an unreachable hub and from a feed that fails its checks.
 */
export async function fetchFeed(ctx: Pick<SyncContext, 'db' | 'key'>, feedUrl: string) {
  let response: Response;
  let text: string;
  try {
    response = await fetch(feedUrl, { headers: { 'cache-control': 'no-cache' } });
    text = await response.text();
  } catch {
    throw new AppError('SYNC_HUB_UNREACHABLE');
  }
  if (response.status === 404 || (response.ok && isHtml(response.headers.get('content-type'), text))) throw new AppError('SYNC_FEED_NOT_PUBLISHED', { status: response.status });
  if (!response.ok) throw new AppError('SYNC_HUB_UNREACHABLE', { status: response.status });
  if (text.length > FEED_MAX_BYTES) throw new AppError('SYNC_FEED_INVALID');
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new AppError('SYNC_FEED_INVALID');
  }
  const opened = openTrusted(ctx.db, ctx.key, parsed);
  if (!opened || !isFeed(opened.value)) throw new AppError('SYNC_FEED_INVALID');
  return opened.value;
}

export interface PullResult {
  packs: number;
  report: ImportReport | null;
}

/**
 * Fetches the packs of the feed this kit has not imported yet, oldest first:
 * each is downloaded (resuming a cut download), checked against the feed's
 * size and hash, and imported like any pack (signature, hashes, one
 * transaction). Stops at the first failure; what was imported stays.
 */
export async function pullFromHub(
  ctx: SyncContext,
  feedUrl: string,
  arrival: 'published' | 'pending',
  onTotal: (bytes: number) => void,
  onBytes: (n: number) => void,
): Promise<PullResult> {
  const feed = await fetchFeed(ctx, feedUrl);
  // A signed feed was written before now: a kit's clock behind its time moves forward (modules/device/kit-clock.ts).
  const published = Date.parse(feed.updatedAt);
  if (!Number.isNaN(published)) await ctx.clock.raise('hub', new Date(published), false);
  const wanted: FeedEntry[] = feed.packs.filter((p) => !packWasImported(ctx.db, p.packId));
  onTotal(wanted.reduce((sum, p) => sum + p.size, 0));
  const dir = downloadsDir(ctx.dataDir);
  fs.mkdirSync(dir, { recursive: true });
  // A cut download is kept to resume only while its pack is still wanted.
  const parts = new Set(wanted.map((p) => `${p.packId}.part`));
  for (const name of fs.readdirSync(dir)) if (!parts.has(name)) fs.rmSync(path.join(dir, name), { recursive: true, force: true });
  let total: ImportReport | null = null;
  for (const entry of wanted) {
    const part = path.join(dir, `${entry.packId}.part`);
    // What is left to download; the import checks the room its files need when it starts.
    ensureDiskSpace(ctx, entry.size - Math.min(entry.size, fs.statSync(part, { throwIfNoEntry: false })?.size ?? 0));
    await downloadResumable(new URL(entry.path, feedUrl), part, entry.size, onBytes);
    if ((await hashFile(part)) !== entry.sha256) {
      fs.rmSync(part, { force: true });
      throw new AppError('PACK_CORRUPT');
    }
    const source = fs.createReadStream(part, { highWaterMark: 256 * 1024 });
    let report: ImportReport;
    try {
      report = await importPack(ctx, source, { arrival, acceptUntrusted: false, source: 'hub' });
    } finally {
      source.destroy();
    }
    fs.rmSync(part, { force: true });
    total = total === null ? report : mergeReports(total, report);
  }
  return { packs: wanted.length, report: total };
}
