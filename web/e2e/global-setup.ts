import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..', '..');
const HOST = '127.0.0.1';
const START_TIMEOUT_MS = 60_000;

/** A port the system says is free right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, HOST, () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Waits until the server answers `url` with 200; fails with its output when it stops or takes too long. */
export async function waitForHealth(url: string, server: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  while (Date.now() < deadline) {
    if (server.exitCode !== null) throw new Error(`the server stopped (code ${server.exitCode}):\n${output()}`);
    try {
      const response = await fetch(url);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`the server did not answer ${url} within ${START_TIMEOUT_MS / 1000}s:\n${output()}`);
}

/**
 * Starts the real server (`node server/src/main.ts`) on a free port with a
 * fresh data directory and the demo data, serving the built web app.
 * Returns the teardown that stops it and removes the data.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  if (!existsSync(path.join(repoRoot, 'web', 'dist', 'index.html'))) {
    throw new Error('web/dist is missing: run `npm run build -w web` before the browser tests');
  }
  const port = Number(process.env.E2E_PORT ?? (await freePort()));
  const dataDir = mkdtempSync(path.join(tmpdir(), 'kit-e2e-'));
  const adminPassword = randomBytes(12).toString('base64url');
  let log = '';
  const server = spawn(process.execPath, ['server/src/main.ts'], {
    cwd: repoRoot,
    env: {
      ...process.env,
      PORT: String(port),
      HOST,
      KIT_DATA_DIR: dataDir,
      KIT_SEED_DEMO: 'true',
      KIT_ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = `${log}${chunk.toString()}`.slice(-10_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  const baseUrl = `http://${HOST}:${port}`;
  try {
    await waitForHealth(`${baseUrl}/api/health`, server, () => log);
  } catch (error) {
    server.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  process.env.E2E_BASE_URL = baseUrl;
  // For tests that act as the kit's admin (user `admin`, e2e/helpers/admin-api.ts) or
  // set what no endpoint sets yet straight in the database (e2e/helpers/kit-db.ts).
  process.env.E2E_ADMIN_PASSWORD = adminPassword;
  process.env.E2E_DATA_DIR = dataDir;

  return async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
}
