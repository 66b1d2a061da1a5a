import fs from 'node:fs';
import path from 'node:path';
import { Type, type Static } from 'typebox';
import { Value } from 'typebox/value';
import type { Db } from '../../db/connection.ts';
import { ensureDiskSpace } from '../../disk-space.ts';
import { fsyncDir, fsyncFile, hashFile } from '../../media/store.ts';
import { planPack, writePackFile } from './pack-export.ts';
import { PACK_EXTENSION } from './pack-format.ts';
import { seal } from './signed-envelope.ts';
import type { KitKey } from './sync-keys.ts';
import { categoriesChangedSince } from './sync.repo.ts';

/*
 * A hub is plain static files (docs/SYNC.md): `feed.json`, a signed envelope
 * listing packs with their hash and size, and `packs/<packId>.kitpack`. Any
 * web server can serve them; this kit serves its own under /hub/.
 */
export const FEED_FORMAT = 1;
export const FEED_NAME = 'feed.json';
export const hubDir = (dataDir: string): string => path.join(dataDir, 'hub');

export const FeedEntrySchema = Type.Object({
  packId: Type.String({ pattern: '^[0-9a-f-]{36}$' }),
  kind: Type.Union([Type.Literal('full'), Type.Literal('delta')]),
  createdAt: Type.String({ maxLength: 40 }),
  /** a delta holds resources changed after this time */
  since: Type.Union([Type.String({ maxLength: 40 }), Type.Null()]),
  size: Type.Integer({ minimum: 0 }),
  sha256: Type.String({ pattern: '^[0-9a-f]{64}$' }),
  /** relative to the feed's address */
  path: Type.String({ pattern: `^packs/[0-9a-f-]{36}\\.${PACK_EXTENSION}$` }),
  resources: Type.Integer({ minimum: 0 }),
});
export type FeedEntry = Static<typeof FeedEntrySchema>;

export const FeedSchema = Type.Object({
  format: Type.Integer({ minimum: 1 }),
  hub: Type.String({ maxLength: 253 }),
  updatedAt: Type.String({ maxLength: 40 }),
  packs: Type.Array(FeedEntrySchema, { maxItems: 100_000 }),
});
export type Feed = Static<typeof FeedSchema>;

export const isFeed = (value: unknown): value is Feed => Value.Check(FeedSchema, value);

/**
 * The feed this kit published last, read back from its own file (the files
 * are the hub's whole state, so a copied folder keeps working); null if none.
 */
function publishedFeed(dataDir: string): Feed | null {
  try {
    const envelope = JSON.parse(fs.readFileSync(path.join(hubDir(dataDir), FEED_NAME), 'utf8')) as { payload: string };
    const feed: unknown = JSON.parse(envelope.payload);
    return isFeed(feed) ? feed : null;
  } catch {
    return null;
  }
}

/** What the page shows about publishing: the time and count of the last feed written. */
export function lastPublished(dataDir: string): { at: string; packs: number } | null {
  const feed = publishedFeed(dataDir);
  return feed ? { at: feed.updatedAt, packs: feed.packs.length } : null;
}

/**
 * Publishes what changed since the last publication (everything, the first
 * time: resources, withdrawals, renamed or moved categories) as one more pack, then rewrites the signed feed atomically. Nothing
 * new: no pack, and null.
 */
export async function publishFeed(
  ctx: { db: Db; dataDir: string; diskReserveBytes: number; key: KitKey; kitName: string },
  onTotal: (bytes: number) => void,
  onBytes: (n: number) => void,
): Promise<FeedEntry | null> {
  const { db, dataDir, key, kitName } = ctx;
  const feed = publishedFeed(dataDir) ?? { format: FEED_FORMAT, hub: kitName, updatedAt: new Date().toISOString(), packs: [] };
  const since = feed.packs.at(-1)?.createdAt ?? null;
  const plan = planPack(db, key, kitName, null, since);
  const { resources, withdrawals = [] } = plan.manifest;
  if (since !== null && resources.length === 0 && withdrawals.length === 0 && !categoriesChangedSince(db, since)) return null;
  onTotal(plan.totalBytes);
  ensureDiskSpace(ctx, plan.totalBytes);
  const relative = `packs/${plan.manifest.packId}.${PACK_EXTENSION}`;
  const file = path.join(hubDir(dataDir), relative);
  await writePackFile(dataDir, plan, file, onBytes);
  const entry: FeedEntry = {
    packId: plan.manifest.packId,
    kind: since === null ? 'full' : 'delta',
    createdAt: plan.manifest.createdAt,
    since,
    size: fs.statSync(file).size,
    sha256: await hashFile(file),
    path: relative,
    resources: plan.manifest.resources.length,
  };
  const next: Feed = { ...feed, hub: kitName, updatedAt: new Date().toISOString(), packs: [...feed.packs, entry] };
  const target = path.join(hubDir(dataDir), FEED_NAME);
  const tmp = `${target}.tmp`;
  await fs.promises.writeFile(tmp, JSON.stringify(seal(key, next)));
  await fsyncFile(tmp);
  await fs.promises.rename(tmp, target);
  await fsyncDir(hubDir(dataDir));
  return entry;
}
