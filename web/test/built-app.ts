import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';

/** The web package and its build output, for the tests that read the built app. */
export const webDir = path.resolve(import.meta.dirname, '..');
export const distDir = path.join(webDir, 'dist');

/** Builds the app (`npm run build -w web`) when dist/ has none yet. */
export function ensureBuilt(): void {
  if (existsSync(path.join(distDir, 'sw.js'))) return;
  const vite = path.join(path.dirname(createRequire(import.meta.url).resolve('vite/package.json')), 'bin', 'vite.js');
  // vitest runs with NODE_ENV=test, which would build React's development bundle.
  const env = { ...process.env, NODE_ENV: 'production' };
  const result = spawnSync(process.execPath, [vite, 'build'], { cwd: webDir, env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`vite build failed:\n${result.stdout}\n${result.stderr}`);
}
