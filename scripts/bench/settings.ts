/**
 * The bench's sizes, from the environment for smaller smoke runs
 * (docs/PERFORMANCE.md, "Smaller runs"). Unset, each is the full bench's.
 */
const PARTS = ['search', 'api', 'media', 'load', 'memory', 'zim', 'lighthouse', 'bytes', 'renditions', 'village'] as const;
export type Part = (typeof PARTS)[number];

function positive(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const n = Number(raw);
  if (!Number.isFinite(n) || n <= 0) throw new Error(`bench: ${name}=${raw} is not a positive number`);
  return n;
}

/** A list of positive whole numbers, in order ("10,20,40"). */
function counts(name: string, fallback: number[]): number[] {
  const raw = process.env[name];
  if (raw === undefined || raw === '') return fallback;
  const list = raw.split(',').map((n) => Number(n.trim()));
  if (list.some((n) => !Number.isInteger(n) || n <= 0)) throw new Error(`bench: ${name}=${raw} is not a list of positive whole numbers`);
  return list.sort((a, b) => a - b);
}

function parts(): ReadonlySet<Part> {
  const raw = process.env.BENCH_ONLY;
  if (!raw) return new Set(PARTS);
  const asked = raw.split(',').map((p) => p.trim());
  const unknown = asked.filter((p) => !(PARTS as readonly string[]).includes(p));
  if (unknown.length > 0) throw new Error(`bench: BENCH_ONLY names ${unknown.join(', ')}; the parts are ${PARTS.join(', ')}`);
  return new Set(asked as Part[]);
}

export const SETTINGS = {
  /** generated resources, besides the demo library's */
  resources: positive('BENCH_RESOURCES', 100_000),
  /** autocannon's duration for each API path, each side */
  apiSeconds: positive('BENCH_API_SECONDS', 8),
  /** the media file the media part reads, uploaded first */
  mediaMB: positive('BENCH_MEDIA_MB', 200),
  /** people browsing in the load and memory parts */
  clients: positive('BENCH_CLIENTS', 200),
  /** how long they browse alone before the upload starts */
  crowdSeconds: positive('BENCH_CROWD_SECONDS', 15),
  /** the video uploaded while they browse, and when it is cut on a machine too slow for it */
  uploadMB: positive('BENCH_UPLOAD_MB', 300),
  uploadDeadlineSeconds: positive('BENCH_UPLOAD_DEADLINE_S', 180),
  /** Lighthouse runs per page (medians reported) */
  lighthouseRuns: positive('BENCH_LIGHTHOUSE_RUNS', 3),
  /** the memory a 1 GB Pi's V8 sizes its heap from (MemTotal there is a little lower: see docs/PERFORMANCE.md) */
  piMemoryMB: positive('BENCH_PI_MEMORY_MB', 1024),
  /** articles of the generated ZIM the zim part reads (made once, then cached) */
  zimArticles: positive('BENCH_ZIM_ARTICLES', 100_000),
  /** phones reading it at once, and how long each side is read per round */
  zimPhones: positive('BENCH_ZIM_PHONES', 20),
  zimSeconds: positive('BENCH_ZIM_SECONDS', 8),
  /** how long the zim part waits for the kit's search index of the file before it reports the rate so far */
  zimIndexDeadlineSeconds: positive('BENCH_ZIM_INDEX_DEADLINE_S', 300),
  /** the village evening (village.ts): phones at once, step by step, each step's length, the video one of them uploads */
  villagePhones: counts('BENCH_VILLAGE_PHONES', [10, 20, 40, 60, 80]),
  villageSeconds: positive('BENCH_VILLAGE_SECONDS', 75),
  villageUploadMB: positive('BENCH_VILLAGE_UPLOAD_MB', 100),
  /** the kit's Wi-Fi: its whole rate, both ways together, and the share of frames it loses */
  villageWifiMbit: positive('BENCH_VILLAGE_WIFI_MBIT', 30),
  villageLossPercent: positive('BENCH_VILLAGE_LOSS_PERCENT', 0.5),
  /** this machine's core ÷ a Pi 4's, instead of sysbench's (unset: sysbench decides, pi-cpu.ts) */
  villageCpuRatio: positive('BENCH_VILLAGE_CPU_RATIO', Number.NaN),
  parts: parts(),
};

export const runs = (part: Part): boolean => SETTINGS.parts.has(part);
