/**
 * The speed and memory goals (docs/PERFORMANCE.md, "What it measures"), one row each:
 * every part of the bench reports its figure here with the baseline it was
 * measured against in the same run, and the bench prints every row, measured
 * or not, with its ratio to the goal and whether it is met.
 */
import { ms } from './table.ts';

type Unit = 'score' | 'ms' | '×' | '%' | 'MB' | 'KB' | 'phones';

interface Goal {
  id: string;
  figure: string;
  better: 'lower' | 'higher';
  limit: number;
  unit: Unit;
}

const LIGHTHOUSE_PAGES = ['video', 'PDF', 'picture'] as const;
export type LighthousePage = (typeof LIGHTHOUSE_PAGES)[number];

export const GOALS: readonly Goal[] = [
  ...LIGHTHOUSE_PAGES.flatMap((page): Goal[] => [
    { id: `lighthouse.${page}.score`, figure: `Lighthouse mobile /resource/{id}, ${page}: performance score`, better: 'higher', limit: 90, unit: 'score' },
    { id: `lighthouse.${page}.lcp`, figure: `Lighthouse mobile /resource/{id}, ${page}: LCP`, better: 'lower', limit: 2500, unit: 'ms' },
    { id: `lighthouse.${page}.tbt`, figure: `Lighthouse mobile /resource/{id}, ${page}: TBT`, better: 'lower', limit: 200, unit: 'ms' },
  ]),
  { id: 'load.browseP99', figure: 'browsing p99 while a 300 MB video uploads ÷ browsing alone', better: 'lower', limit: 1.5, unit: '×' },
  { id: 'load.loopP99', figure: 'event-loop delay p99 while a 300 MB video uploads ÷ browsing alone', better: 'lower', limit: 1.5, unit: '×' },
  { id: 'search.firstP95', figure: 'search at 100 000, first ask after an edit: p95', better: 'lower', limit: 15, unit: 'ms' },
  { id: 'search.firstMax', figure: 'search at 100 000, first ask after an edit: max', better: 'lower', limit: 50, unit: 'ms' },
  { id: 'search.likeP95', figure: 'search at 100 000, first ask after an edit: times faster than LIKE at p95', better: 'higher', limit: 30, unit: '×' },
  { id: 'memory.piPeak', figure: 'server RSS peak, 200 people browsing + upload, V8 heap of a 1 GB Pi', better: 'lower', limit: 150, unit: 'MB' },
  { id: 'memory.piIdle', figure: 'server RSS idle, V8 heap of a 1 GB Pi', better: 'lower', limit: 80, unit: 'MB' },
  { id: 'api.resource', figure: '/api/v2/resource/{id}: times fewer req/s than a bare Fastify route', better: 'lower', limit: 3, unit: '×' },
  { id: 'api.search', figure: '/api/v3/searchResource: times fewer req/s than a bare Fastify route', better: 'lower', limit: 4, unit: '×' },
  { id: 'media.whole', figure: 'media whole-file reads, % of nginx on the same file', better: 'higher', limit: 85, unit: '%' },
  { id: 'media.range', figure: 'media 1 MiB range reads, % of nginx on the same file', better: 'higher', limit: 85, unit: '%' },
  { id: 'zim.articleP95', figure: 'ZIM article first byte p95, 20 phones reading: ours ÷ kiwix-serve on the same file', better: 'lower', limit: 1, unit: '×' },
  { id: 'zim.articleRps', figure: 'ZIM article req/s, 20 phones reading: ours ÷ kiwix-serve on the same file', better: 'higher', limit: 1, unit: '×' },
  { id: 'zim.titleP95', figure: 'ZIM title search p95, 100 000 titles beside 100 000 resources', better: 'lower', limit: 15, unit: 'ms' },
  { id: 'zim.rssOpen', figure: 'server RSS added by one open ZIM', better: 'lower', limit: 20, unit: 'MB' },
  { id: 'zim.rssReading', figure: 'server RSS added while 20 phones read one ZIM', better: 'lower', limit: 20, unit: 'MB' },
  { id: 'village.phones', figure: "phones at once on the kit's Wi-Fi (30 Mbit/s, shared) and a Pi 4's CPU with page p95 ≤ 2 s, video start p95 ≤ 2 s, stalls ≤ 1 %", better: 'higher', limit: 40, unit: 'phones' },
  { id: 'bytes.menuShippedGz', figure: '/menu JS+CSS as shipped gzip (bytes.menu.shippedGz)', better: 'lower', limit: 100, unit: 'KB' },
];

const measured = new Map<string, { value: number; baseline: string }>();

/** Records a goal's figure and the same run's baseline it came from (as text for the table). */
export function reach(id: string, value: number, baseline: string): void {
  if (!GOALS.some((g) => g.id === id)) throw new Error(`bench: no goal ${id}`);
  measured.set(id, { value, baseline });
}

const show = (value: number, unit: Unit): string => {
  if (!Number.isFinite(value)) return String(value);
  switch (unit) {
    case 'ms': return ms(value);
    case '×': return `${value.toFixed(2)}×`;
    case '%': return `${value.toFixed(0)} %`;
    case 'MB': return `${value.toFixed(0)} MB`;
    case 'KB': return `${value.toFixed(1)} KB`;
    case 'phones': return `${value.toFixed(0)} phones`;
    default: return value.toFixed(0);
  }
};

export interface GoalRow { figure: string; value: string; baseline: string; goal: string; vsGoal: string; verdict: 'goal met' | 'not met' | 'not measured' }

export function goalRows(): GoalRow[] {
  return GOALS.map((g) => {
    const m = measured.get(g.id);
    const goal = `${g.better === 'lower' ? '≤' : '≥'} ${show(g.limit, g.unit)}`;
    if (!m || !Number.isFinite(m.value)) return { figure: g.figure, value: m ? show(m.value, g.unit) : '', baseline: m?.baseline ?? '', goal, vsGoal: '', verdict: 'not measured' };
    const met = g.better === 'lower' ? m.value <= g.limit : m.value >= g.limit;
    return { figure: g.figure, value: show(m.value, g.unit), baseline: m.baseline, goal, vsGoal: `${(m.value / g.limit).toFixed(2)}× the goal`, verdict: met ? 'goal met' : 'not met' };
  });
}

/** The goals as results.json keeps them: numbers, not text. */
export function goalResults(): Record<string, { value: number | null; limit: number; better: 'lower' | 'higher'; unit: Unit; baseline: string | null; met: boolean | null }> {
  return Object.fromEntries(GOALS.map((g) => {
    const m = measured.get(g.id);
    const value = m && Number.isFinite(m.value) ? m.value : null;
    return [g.id, { value, limit: g.limit, better: g.better, unit: g.unit, baseline: m?.baseline ?? null, met: value === null ? null : g.better === 'lower' ? value <= g.limit : value >= g.limit }];
  }));
}
