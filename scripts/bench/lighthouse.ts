/**
 * Lighthouse's default (mobile) profile — a mid-range phone, 4× CPU slowdown,
 * slow 4G, simulated — on pages of the real server, in Debian's chromium.
 * Baselines are Lighthouse's own "good" thresholds.
 */
import fs from 'node:fs';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { ms, results, rows } from './table.ts';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const GOOD = { score: 90, lcp: 2500, tbt: 200, cls: 0.1 };

export async function benchLighthouse(base: string, pages: string[]): Promise<void> {
  if (!fs.existsSync(CHROMIUM)) {
    rows.push({ figure: 'Lighthouse', value: 'not measured', baseline: `no chromium at ${CHROMIUM}`, ratio: '' });
    return;
  }
  const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM, chromeFlags: ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'] });
  const out: Record<string, unknown> = {};
  try {
    for (const page of pages) {
      const run = await lighthouse(`${base}${page}`, { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: ['performance'] });
      if (!run) throw new Error(`bench: Lighthouse gave nothing for ${page}`);
      const { lhr } = run;
      const num = (id: string): number => lhr.audits[id]?.numericValue ?? NaN;
      const figures = { score: Math.round((lhr.categories.performance?.score ?? NaN) * 100), lcp: num('largest-contentful-paint'), tbt: num('total-blocking-time'), cls: num('cumulative-layout-shift') };
      const of = (v: number, good: number): string => `${(v / good).toFixed(2)} of the limit`;
      rows.push({ figure: `Lighthouse mobile ${page}: performance`, value: String(figures.score), baseline: `good ≥ ${GOOD.score}`, ratio: `${(figures.score / GOOD.score).toFixed(2)} of good` });
      rows.push({ figure: `Lighthouse mobile ${page}: LCP`, value: ms(figures.lcp), baseline: `good ≤ ${ms(GOOD.lcp)}`, ratio: of(figures.lcp, GOOD.lcp) });
      rows.push({ figure: `Lighthouse mobile ${page}: TBT`, value: ms(figures.tbt), baseline: `good ≤ ${ms(GOOD.tbt)}`, ratio: of(figures.tbt, GOOD.tbt) });
      rows.push({ figure: `Lighthouse mobile ${page}: CLS`, value: figures.cls.toFixed(3), baseline: `good ≤ ${GOOD.cls}`, ratio: of(figures.cls, GOOD.cls) });
      out[page] = { ...figures, runtimeError: lhr.runtimeError?.message ?? null, warnings: lhr.runWarnings };
    }
  } finally {
    chrome.kill();
  }
  results.lighthouse = out;
}
