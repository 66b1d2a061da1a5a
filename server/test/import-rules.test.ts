import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { tempDir } from './helper.ts';

/*
 * The import rules (.dependency-cruiser.cjs, docs/ARCHITECTURE.md "The map")
 * pass on the code in `make test`; here each one is shown to fail: a small
 * tree that breaks exactly that rule, cruised with the project's own config.
 */

const REPO = path.resolve(import.meta.dirname, '..', '..');
const DEPCRUISE = path.join(REPO, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruiser.mjs');
const run = promisify(execFile);

type Tree = Record<string, string>;

/** The names of the rules a tree breaks, each once, sorted. */
async function brokenRules(tree: Tree): Promise<string[]> {
  const dir = tempDir('kit-import-rules-');
  for (const file of ['.dependency-cruiser.cjs', 'tsconfig.base.json']) fs.copyFileSync(path.join(REPO, file), path.join(dir, file));
  for (const [file, text] of Object.entries(tree)) {
    fs.mkdirSync(path.join(dir, path.dirname(file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  const roots = ['server', 'web'].filter((root) => fs.existsSync(path.join(dir, root)));
  // exits non-zero when a rule is broken; the JSON report is written either way
  const out = await run(process.execPath, [DEPCRUISE, ...roots, '--config', '.dependency-cruiser.cjs', '--output-type', 'json'], { cwd: dir, maxBuffer: 64 << 20 }).catch(
    (error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }),
  );
  const report = JSON.parse(out.stdout) as { summary: { violations: { rule: { name: string } }[]; totalCruised: number } };
  // every file of the tree was read (a Node built-in counts as one more)
  expect(report.summary.totalCruised).toBeGreaterThanOrEqual(Object.keys(tree).length);
  return [...new Set(report.summary.violations.map((v) => v.rule.name))].sort();
}

/** Files that import each other in a ring: each the next, the last the first. */
function ring(...files: string[]): Tree {
  const next = (i: number) => files[(i + 1) % files.length] ?? '';
  const specifier = (from: string, to: string) => {
    const relative = path.posix.relative(path.posix.dirname(from), to);
    return relative.startsWith('.') ? relative : `./${relative}`;
  };
  return Object.fromEntries(files.map((file, i) => [file, imports(specifier(file, next(i)))]));
}

const imports = (...specifiers: string[]) => specifiers.map((s, i) => `import * as m${i} from '${s}';\nexport const x${i} = m${i};\n`).join('') || 'export const x = 1;\n';

describe('the import rules', () => {
  it('pass a tree that keeps them: features in one direction, each layer importing only the ones below it', async () => {
    const tree: Tree = {
      'web/src/app/router.ts': imports('../pages/Page.tsx'),
      'web/src/pages/Page.tsx': imports('../features/library/list.ts', '../features/search/hits.ts'),
      'web/src/features/search/hits.ts': imports('../library/list.ts', '../../session/store.ts'),
      'web/src/features/library/list.ts': imports('../../session/store.ts', '../../ui/fill.ts'),
      'web/src/session/store.ts': imports('../offline/db.ts', '../api/client.ts'),
      'web/src/offline/db.ts': imports('../ui/fill.ts'),
      'web/src/ui/fill.ts': imports('../api/client.ts'),
      'web/src/api/client.ts': imports(),
      'server/src/modules/lists/lists.routes.ts': imports('./lists.service.ts'),
      'server/src/modules/lists/lists.service.ts': imports('./lists.repo.ts', '../resources/resources.service.ts', '../../access/guards.ts'),
      'server/src/modules/lists/lists.repo.ts': imports('../../types.ts'),
      'server/src/modules/resources/resources.service.ts': imports('../../access/guards.ts'),
      'server/src/access/guards.ts': imports('../types.ts'),
      'server/src/types.ts': imports(),
    };
    expect(await brokenRules(tree)).toEqual([]);
  });

  const violations: [rule: string, tree: Tree][] = [
    ['web-feature-circle', ring('web/src/features/auth/LoginForm.ts', 'web/src/features/users/messages.ts', 'web/src/features/social/lists.ts')],
    ['web-feature-imports-app', { 'web/src/features/resources/early.ts': imports('../../app/first-read.ts'), 'web/src/app/first-read.ts': imports() }],
    ['web-feature-imports-page', { 'web/src/features/library/list.ts': imports('../../pages/Page.tsx'), 'web/src/pages/Page.tsx': imports() }],
    ['web-layer-imports-feature', { 'web/src/session/store.ts': imports('../features/users/messages.ts'), 'web/src/features/users/messages.ts': imports() }],
    ['web-layer-imports-feature', { 'web/src/ui/Icon.tsx': imports('../app/router.ts'), 'web/src/app/router.ts': imports() }],
    ['service-worker-reaches-ui', { 'web/src/sw/sw.ts': imports('./range.ts'), 'web/src/sw/range.ts': imports('../ui/fill.ts'), 'web/src/ui/fill.ts': imports() }],
    ['server-feature-circle', ring('server/src/modules/lists/lists.service.ts', 'server/src/modules/resources/resources.service.ts')],
    ['server-file-circle', ring('server/src/types.ts', 'server/src/modules/counters/count-once.ts', 'server/src/modules/auth/session.plugin.ts')],
    ['server-feature-reads-sibling-repo', { 'server/src/modules/lists/lists.service.ts': imports('../resources/resources.repo.ts'), 'server/src/modules/resources/resources.repo.ts': imports() }],
    ['server-route-imports-repo', { 'server/src/modules/lists/lists.routes.ts': imports('./lists.repo.ts'), 'server/src/modules/lists/lists.repo.ts': imports() }],
    ['server-feature-imports-plugin', { 'server/src/modules/downloads/page.routes.ts': imports('../../plugins/security-headers.ts'), 'server/src/plugins/security-headers.ts': imports() }],
    ['server-shared-imports-feature', { 'server/src/access/guards.ts': imports('../modules/auth/auth.service.ts'), 'server/src/modules/auth/auth.service.ts': imports() }],
    ['contract-imports-node', { 'server/contract/src/byte-range.ts': imports('node:fs'), 'server/contract/src/values.ts': imports('./byte-range.ts') }],
    ['contract-imports-server', { 'server/contract/src/values.ts': imports('../../src/errors.ts'), 'server/src/errors.ts': imports() }],
  ];

  it.each(violations)('fail on a tree that breaks %s, and name it', async (rule, tree) => {
    const broken = await brokenRules(tree);
    expect(broken).toContain(rule);
  });
});
