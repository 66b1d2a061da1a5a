import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(import.meta.dirname, '..', '..', '..');
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

export interface RunningServer {
  baseUrl: string;
  dataDir: string;
  adminPassword: string;
  /** stops the server and removes its data folder */
  stop: () => Promise<void>;
}

/**
 * Starts the real server as the kit runs it (`node server/dist/main.mjs`, which
 * `make build` builds from server/src) on a free port with a
 * fresh data folder and a random admin password, serving the built web app;
 * ENV adds or overrides variables (docs/CONFIG.md); PREPARE may lay files
 * into the data folder before the start (a certificate, say). HOST and LAUNCH
 * run it elsewhere: an address to listen on and be reached at, and a command
 * that runs `node server/dist/main.mjs` (its argv appended), such as
 * `ip netns exec NS` for a kit in a network namespace of its own. DATA_DIR
 * runs it on an existing data folder (a restart), which stop then leaves.
 */
export async function startServer(
  env: Record<string, string> = {},
  opts: { port?: number; prepare?: (dataDir: string) => void; host?: string; launch?: string[]; dataDir?: string } = {},
): Promise<RunningServer> {
  const listenOn = opts.port ?? (await freePort());
  const dataDir = opts.dataDir ?? mkdtempSync(path.join(tmpdir(), 'kit-e2e-'));
  opts.prepare?.(dataDir);
  const adminPassword = randomBytes(12).toString('base64url');
  let log = '';
  const host = opts.host ?? HOST;
  const [command = process.execPath, ...args] = [...(opts.launch ?? []), process.execPath, 'server/dist/main.mjs'];
  const server = spawn(command, args, {
    cwd: repoRoot,
    env: { ...process.env, PORT: String(listenOn), HOST: host, KIT_DATA_DIR: dataDir, KIT_ADMIN_PASSWORD: adminPassword, LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk: Buffer) => {
    log = `${log}${chunk.toString()}`.slice(-10_000);
  };
  server.stdout?.on('data', keep);
  server.stderr?.on('data', keep);

  const stop = async () => {
    if (server.exitCode === null) {
      const exited = new Promise((resolve) => server.once('exit', resolve));
      server.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
      if (server.exitCode === null) server.kill('SIGKILL');
    }
    if (!opts.dataDir) rmSync(dataDir, { recursive: true, force: true });
  };
  const baseUrl = `http://${host}:${listenOn}`;
  try {
    await waitForHealth(`${baseUrl}/api/health`, server, () => log);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseUrl, dataDir, adminPassword, stop };
}
