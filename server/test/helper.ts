import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  close: () => Promise<void>;
}

/** A real app on a fresh SQLite file in its own temp data dir; env overrides as the server would read them. */
export async function buildTestApp(env: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-test-'));
  const config = loadConfig({ KIT_DATA_DIR: dataDir, KIT_WEB_DIR: path.join(dataDir, 'no-web'), ...env });
  const app = await buildApp({ config, logger: false });
  await app.ready();
  return {
    app,
    dataDir,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function tempDir(prefix = 'kit-test-'): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), prefix));
}
