// Adds up the reports of every suite into the one closing line CI reads.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.tmp/reports';
let passed = 0;
let failed = 0;

const readJson = (file: string): unknown => {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  } catch {
    return null;
  }
};

const checks = fs.existsSync(path.join(dir, 'checks')) ? fs.readFileSync(path.join(dir, 'checks'), 'utf8').trim().split('\n') : [];
for (const line of checks) {
  if (line.endsWith(' passed')) passed++;
  else failed++;
}

const vitest = readJson('vitest.json') as { numPassedTests: number; numFailedTests: number; success: boolean } | null;
if (vitest) {
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitest.success || vitest.numFailedTests > 0 ? 0 : 1);
} else failed++; // the suite did not even report

const e2e = readJson('e2e.json') as { stats: { expected: number; unexpected: number; flaky: number }; errors?: unknown[] } | null;
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected + (e2e.errors?.length ?? 0);
} else failed++;

console.log(`${passed} passed, ${failed} failed`);
