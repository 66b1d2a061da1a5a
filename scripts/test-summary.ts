// Adds up the reports of every suite into the one closing line CI reads.
import fs from 'node:fs';
import path from 'node:path';

const dir = process.argv[2] ?? '.tmp/reports';
let passed = 0;
let failed = 0;
// Named before the closing line, so the tail of a CI log says what to look at.
const failures: string[] = [];

const readJson = (file: string): unknown => {
  try {
    return JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8'));
  } catch {
    return null;
  }
};

const checks = fs.existsSync(path.join(dir, 'checks')) ? fs.readFileSync(path.join(dir, 'checks'), 'utf8').split('\n').filter((line) => line !== '') : [];
for (const line of checks) {
  if (line.endsWith(' passed')) passed++;
  else {
    failed++;
    failures.push(`check: ${line}`);
  }
}

interface VitestReport {
  numPassedTests: number;
  numFailedTests: number;
  success: boolean;
  testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string }[] }[];
}
const vitest = readJson('vitest.json') as VitestReport | null;
if (vitest) {
  const named = failures.length;
  passed += vitest.numPassedTests;
  failed += vitest.numFailedTests + (vitest.success || vitest.numFailedTests > 0 ? 0 : 1);
  for (const file of vitest.testResults) {
    const where = path.relative(process.cwd(), file.name);
    for (const test of file.assertionResults) if (test.status === 'failed') failures.push(`vitest: ${where} › ${test.fullName}`);
    if (file.status === 'failed' && !file.assertionResults.some((test) => test.status === 'failed'))
      failures.push(`vitest: ${where}: ${file.message?.split('\n')[0] ?? 'the file failed outside its tests'}`);
  }
  if (!vitest.success && failures.length === named) failures.push('vitest: failed outside any test (an unhandled error: see its log above)');
} else {
  failed++; // the suite did not even report
  failures.push('vitest: no report');
}

interface PlaywrightSuite {
  title: string;
  specs?: { title: string; ok: boolean; file: string; line: number }[];
  suites?: PlaywrightSuite[];
}
interface PlaywrightReport {
  stats: { expected: number; unexpected: number; flaky: number };
  errors?: { message?: string }[];
  suites?: PlaywrightSuite[];
}
const failedSpecs = (suites: PlaywrightSuite[] = []): string[] =>
  suites.flatMap((suite) => [
    ...(suite.specs ?? []).filter((spec) => !spec.ok).map((spec) => `browser: ${spec.file}:${spec.line} › ${spec.title}`),
    ...failedSpecs(suite.suites),
  ]);
const e2e = readJson('e2e.json') as PlaywrightReport | null;
if (e2e) {
  passed += e2e.stats.expected + e2e.stats.flaky;
  failed += e2e.stats.unexpected + (e2e.errors?.length ?? 0);
  failures.push(...failedSpecs(e2e.suites));
  for (const error of e2e.errors ?? []) failures.push(`browser: ${error.message?.split('\n')[0] ?? 'an error outside any test'}`);
} else {
  failed++;
  failures.push('browser: no report');
}

if (failures.length > 0) console.log(['failed:', ...failures.map((line) => `  ${line}`)].join('\n'));
console.log(`${passed} passed, ${failed} failed`);
