/**
 * scripts/test-summary.ts writes the last lines of `make test`, which are all
 * a CI log may keep: the totals, and before them every test that failed, by
 * name, so a red run says what to look at.
 */
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const REPO = path.resolve(import.meta.dirname, '../..');
let dir = '';

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

/** The summary of these reports, as `make test` prints it. */
function summary(reports: { checks?: string; vitest?: unknown; e2e?: unknown }): string[] {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'test-summary-'));
  if (reports.checks !== undefined) fs.writeFileSync(path.join(dir, 'checks'), reports.checks);
  if (reports.vitest !== undefined) fs.writeFileSync(path.join(dir, 'vitest.json'), JSON.stringify(reports.vitest));
  if (reports.e2e !== undefined) fs.writeFileSync(path.join(dir, 'e2e.json'), JSON.stringify(reports.e2e));
  return execFileSync(process.execPath, ['scripts/test-summary.ts', dir], { cwd: REPO, encoding: 'utf8' }).trim().split('\n');
}

const vitestReport = (tests: { name: string; status: string }[], fileStatus = 'passed') => ({
  numPassedTests: tests.filter((t) => t.status === 'passed').length,
  numFailedTests: tests.filter((t) => t.status === 'failed').length,
  success: fileStatus === 'passed' && tests.every((t) => t.status !== 'failed'),
  testResults: [{ name: path.join(REPO, 'server/src/x.test.ts'), status: fileStatus, message: 'Error: no se pudo cargar\n  en algún sitio', assertionResults: tests.map((t) => ({ fullName: t.name, status: t.status })) }],
});

const e2eReport = (ok: boolean) => ({
  stats: { expected: ok ? 1 : 0, unexpected: ok ? 0 : 1, flaky: 0 },
  suites: [{ title: 'a.spec.ts', specs: [], suites: [{ title: 'grupo', specs: [{ title: 'abre el menú', ok, file: 'a.spec.ts', line: 7 }] }] }],
});

describe('the closing lines of make test', () => {
  it('is one line of totals when everything passed', () => {
    expect(summary({ checks: 'lint passed\n', vitest: vitestReport([{ name: 'a', status: 'passed' }]), e2e: e2eReport(true) })).toEqual(['3 passed, 0 failed']);
  });

  it('names each failed check, vitest test and browser journey before the totals', () => {
    const lines = summary({ checks: 'typecheck passed\nlint failed\n', vitest: vitestReport([{ name: 'lee un ZIM', status: 'failed' }, { name: 'b', status: 'passed' }]), e2e: e2eReport(false) });
    expect(lines).toEqual(['failed:', '  check: lint failed', '  vitest: server/src/x.test.ts › lee un ZIM', '  browser: a.spec.ts:7 › abre el menú', '2 passed, 3 failed']);
  });

  it('names a test file that failed outside its tests, and a suite that did not report', () => {
    const lines = summary({ checks: '', vitest: vitestReport([], 'failed') });
    expect(lines).toEqual(['failed:', '  vitest: server/src/x.test.ts: Error: no se pudo cargar', '  browser: no report', '0 passed, 2 failed']);
  });

  it('names a vitest run that failed outside any test, even when a check failed too', () => {
    const unhandled = { ...vitestReport([{ name: 'a', status: 'passed' }]), success: false };
    const lines = summary({ checks: 'lint failed\n', vitest: unhandled, e2e: e2eReport(true) });
    expect(lines).toEqual(['failed:', '  check: lint failed', '  vitest: failed outside any test (an unhandled error: see its log above)', '2 passed, 2 failed']);
  });
});
