/**
 * What one article costs the reader, in CPU time rather than wall time (a
 * shared machine stretches wall time, not CPU time): a ZIM opened in this
 * process, its articles read in a seeded random order one at a time, then by
 * `BENCH_ZIM_PHONES` readers at once through the server's pool, with the RSS
 * they add. BENCH_ZIM_CACHE_KIB sets the cluster cache. `node scripts/bench/zim-read-cost.ts [file.zim] [articles]`;
 * the file defaults to the 5 000-article bench library (zim-library.ts).
 */
import { seededRandom } from '../../fixtures/catalogue/random.ts';
import { ZimPool } from '../../server/src/modules/libraries/zim-pool.ts';
import type { ZimFile, ZimItem } from '../../server/src/zim/zim-file.ts';

const file = process.argv[2] ?? '.tmp/bench/bench_es_v1_5000_7.zim';
const reads = Number(process.argv[3] ?? 2000);
const phones = Number(process.env.BENCH_ZIM_PHONES ?? 20);
const MB = 1024 * 1024;

async function articles(zim: ZimFile): Promise<ZimItem[]> {
  const items: ZimItem[] = [];
  for await (const entry of zim.titles()) if (entry.kind === 'item') items.push(entry as ZimItem);
  return items;
}

const cpuMs = (since: NodeJS.CpuUsage): number => {
  const used = process.cpuUsage(since);
  return (used.user + used.system) / 1000;
};

/**
 * The bench's 100 000-article library is 50 times its 8 MiB cache, so random
 * reading mostly misses; a small file in a cache as small keeps that ratio.
 */
const cacheKiB = Number(process.env.BENCH_ZIM_CACHE_KIB ?? 256);
const pool = new ZimPool(undefined, { clusterCacheBytes: cacheKiB * 1024 });
const rssIdle = process.memoryUsage().rss;
const lease = await pool.acquire('bench', file);
const all = await articles(lease.zim);
const rnd = seededRandom(7);
const sample = Array.from({ length: reads }, () => all[Math.floor(rnd() * all.length)] as ZimItem);
const rssOpen = process.memoryUsage().rss;

let cpu = process.cpuUsage();
let bytes = 0;
for (const item of sample) bytes += (await lease.zim.readItem(item)).length;
const oneAtATime = cpuMs(cpu) / reads;
const rssOne = process.memoryUsage().rss;

// Each phone asks its next article as soon as the last arrived, from its own share of the sample.
let peak = 0;
const probe = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 5);
cpu = process.cpuUsage();
await Promise.all(
  Array.from({ length: phones }, async (_, phone) => {
    for (let i = phone; i < sample.length; i += phones) {
      const held = await pool.acquire('bench', file);
      try {
        bytes += (await held.zim.readItem(sample[i] as ZimItem)).length;
      } finally {
        held.release();
      }
    }
  }),
);
clearInterval(probe);
const together = cpuMs(cpu) / reads;
lease.release();
await pool.close();

const out = {
  file,
  articles: all.length,
  reads,
  avgArticleKiB: +(bytes / 2 / reads / 1024).toFixed(1),
  cpuMsPerArticleAlone: +oneAtATime.toFixed(3),
  cpuMsPerArticleWithPhones: +together.toFixed(3),
  phones,
  cacheKiB,
  rssOpenMB: +((rssOpen - rssIdle) / MB).toFixed(1),
  rssAfterAloneMB: +((rssOne - rssIdle) / MB).toFixed(1),
  rssPeakWithPhonesMB: +((peak - rssIdle) / MB).toFixed(1),
};
process.stdout.write(`${JSON.stringify(out, null, 2)}\n`);
