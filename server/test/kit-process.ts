import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

/** A real server process on loopback with its own data folder (tests that kill it or run two kits). */

const MAIN = path.resolve(import.meta.dirname, '..', 'src', 'main.ts');

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

export interface KitProcess {
  proc: ChildProcess;
  base: string;
  port: number;
}

/** Starts `node server/src/main.ts` and waits for /api/health. */
export async function startKitProcess(dataDir: string, adminPassword: string, env: Record<string, string> = {}, port?: number): Promise<KitProcess> {
  const p = port ?? (await freePort());
  const proc = spawn(process.execPath, [MAIN], {
    env: {
      ...process.env,
      PORT: String(p),
      HOST: '127.0.0.1',
      KIT_HTTPS_PORT: '0',
      KIT_DATA_DIR: dataDir,
      KIT_WEB_DIR: path.join(dataDir, 'no-web'),
      KIT_ADMIN_PASSWORD: adminPassword,
      LOG_LEVEL: 'silent',
      KIT_SEED_DEMO: 'false',
      // Phone copies only where a test asks for them: ffmpeg in the background would slow the others.
      KIT_RENDITIONS: 'false',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const base = `http://127.0.0.1:${p}`;
  // Generous: a busy machine may take tens of seconds to start Node and migrate.
  for (let i = 0; i < 2400; i++) {
    if (proc.exitCode !== null) throw new Error(`el servidor terminó al arrancar (${proc.exitCode})`);
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return { proc, base, port: p };
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  proc.kill('SIGKILL');
  throw new Error('el servidor no arrancó');
}

/** SIGKILL, as a power cut: no cleanup runs. */
export async function killKit(kit: KitProcess): Promise<void> {
  if (kit.proc.exitCode !== null || kit.proc.signalCode !== null) return;
  const exited = new Promise((resolve) => kit.proc.once('exit', resolve));
  kit.proc.kill('SIGKILL');
  await exited;
}

export async function adminToken(base: string, password: string): Promise<string> {
  const res = await fetch(`${base}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user_name: 'admin', password }) });
  if (!res.ok) throw new Error(`login: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}
