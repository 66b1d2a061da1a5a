import { existsSync } from 'node:fs';
import path from 'node:path';
import { startServer } from './helpers/server.ts';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');

/**
 * Starts the real server with the demo data for every spec (a spec that
 * needs another configuration, like a kit, starts its own with startServer).
 * Returns the teardown that stops it and removes the data.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(path.join(repoRoot, 'web', 'dist', 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build -w web` before the browser tests');
  }
  const server = await startServer({ KIT_SEED_DEMO: 'true' }, { port: process.env.E2E_PORT ? Number(process.env.E2E_PORT) : undefined });
  process.env.E2E_BASE_URL = server.baseUrl;
  // For tests that act as the kit's admin (user `admin`, e2e/helpers/admin-api.ts) or
  // set what no endpoint sets yet straight in the database (e2e/helpers/kit-db.ts).
  process.env.E2E_ADMIN_PASSWORD = server.adminPassword;
  process.env.E2E_DATA_DIR = server.dataDir;
  return server.stop;
}
