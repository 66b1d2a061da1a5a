/**
 * Lighthouse's default (mobile) profile — a mid-range phone, 4× CPU slowdown,
 * slow 4G, simulated — on pages of the real server, in Debian's chromium:
 * /menu, and the resource page of a video, a PDF and a picture (goals), each
 * run SETTINGS.lighthouseRuns times, medians reported. Baselines are
 * Lighthouse's own "good" thresholds, which are the goals.
 */
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { reach, type LighthousePage } from './goals.ts';
import { SETTINGS } from './settings.ts';
import { ms, pct, results, rows } from './table.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const GOOD = { score: 90, lcp: 2500, tbt: 200, cls: 0.1 };

interface Figures { score: number; lcp: number; tbt: number; cls: number; fcp: number }

async function measure(port: number, url: string): Promise<Figures> {
  const runs: Figures[] = [];
  for (let i = 0; i < SETTINGS.lighthouseRuns; i++) {
    const run = await lighthouse(url, { port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
    if (!run) throw new Error(`bench: Lighthouse gave nothing for ${url}`);
    const { lhr } = run;
    if (lhr.runtimeError) throw new Error(`bench: Lighthouse on ${url}: ${lhr.runtimeError.message}`);
    const num = (id: string): number => lhr.audits[id]?.numericValue ?? NaN;
    runs.push({ score: Math.round((lhr.categories.performance?.score ?? NaN) * 100), lcp: num('largest-contentful-paint'), tbt: num('total-blocking-time'), cls: num('cumulative-layout-shift'), fcp: num('first-contentful-paint') });
  }
  const median = (k: keyof Figures): number => pct(runs.map((r) => r[k]), 0.5);
  return { score: median('score'), lcp: median('lcp'), tbt: median('tbt'), cls: median('cls'), fcp: median('fcp') };
}

export async function benchLighthouse(base: string, resources: Record<LighthousePage, number>): Promise<void> {
  if (!fs.existsSync(CHROMIUM)) {
    rows.push({ figure: 'Lighthouse', value: 'not measured', baseline: `no chromium at ${CHROMIUM}`, ratio: '' });
    return;
  }
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const out: Record<string, Figures> = {};
  const of = (v: number, good: number): string => `${(v / good).toFixed(2)} of the limit`;
  try {
    const pages: [string, LighthousePage | null][] = [['/menu', null], ...Object.entries(resources).map(([kind, id]): [string, LighthousePage] => [`/resource/${id}`, kind as LighthousePage])];
    for (const [page, kind] of pages) {
      const f = await measure(chrome.port, `${base}${page}`);
      const name = kind ? `${page} (${kind})` : page;
      rows.push({ figure: `Lighthouse mobile ${name}: performance (median of ${SETTINGS.lighthouseRuns})`, value: String(f.score), baseline: `good ≥ ${GOOD.score}`, ratio: `${(f.score / GOOD.score).toFixed(2)} of good` });
      rows.push({ figure: `Lighthouse mobile ${name}: LCP / FCP`, value: `${ms(f.lcp)} / ${ms(f.fcp)}`, baseline: `good LCP ≤ ${ms(GOOD.lcp)}`, ratio: of(f.lcp, GOOD.lcp) });
      rows.push({ figure: `Lighthouse mobile ${name}: TBT`, value: ms(f.tbt), baseline: `good ≤ ${ms(GOOD.tbt)}`, ratio: of(f.tbt, GOOD.tbt) });
      rows.push({ figure: `Lighthouse mobile ${name}: CLS`, value: f.cls.toFixed(3), baseline: `good ≤ ${GOOD.cls}`, ratio: of(f.cls, GOOD.cls) });
      if (kind) {
        const seen = `Lighthouse's "good" limit; ${page}`;
        reach(`lighthouse.${kind}.score`, f.score, seen);
        reach(`lighthouse.${kind}.lcp`, f.lcp, seen);
        reach(`lighthouse.${kind}.tbt`, f.tbt, seen);
      }
      out[name] = f;
    }
  } finally {
    chrome.kill();
  }
  results.lighthouse = out;
}
