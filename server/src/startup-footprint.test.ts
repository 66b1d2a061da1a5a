import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../test/helper.ts';
import { startKitProcess } from '../test/kit-process.ts';

/*
 * What the server holds in memory from the start (docs/PERFORMANCE.md,
 * "Browsing during an upload, and memory on a 1 GB Pi"): libraries that only
 * some requests need are loaded by the first of those requests, so a 1 GB Pi
 * does not carry them all day. The real start path, with a preload that
 * records every module the process resolves.
 */
const RECORDER = path.resolve(import.meta.dirname, '..', 'test', 'fixtures', 'record-modules.ts');
const dirs: string[] = [];
afterAll(() => {
  for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
});

describe('start-up footprint', () => {
  it('starts and answers without loading sharp, acme-client or pino-pretty', { timeout: 240_000 }, async () => {
    const dataDir = tempDir('kit-footprint-');
    dirs.push(dataDir);
    const modulesFile = path.join(dataDir, 'modules.txt');
    const kit = await startKitProcess(dataDir, 'clave-de-prueba', { NODE_OPTIONS: `--import=${RECORDER}`, KIT_TEST_MODULES_FILE: modulesFile });
    expect((await fetch(`${kit.base}/api/v2/categories/root/children`)).status).toBe(200);
    const exited = new Promise((resolve) => kit.proc.once('exit', resolve));
    kit.proc.kill('SIGTERM');
    await exited;

    const packages = new Set(fs.readFileSync(modulesFile, 'utf8').split('\n').map((url) => /node_modules\/((?:@[^/]+\/)?[^/]+)\//.exec(url)?.[1]).filter(Boolean));
    // The recording works: the server's own framework is in it.
    expect(packages).toContain('fastify');
    expect([...packages].filter((name) => ['sharp', 'acme-client', 'pino-pretty'].includes(name ?? '') || name?.startsWith('@img/'))).toEqual([]);
  });
});
