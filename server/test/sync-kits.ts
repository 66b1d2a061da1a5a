import fs from 'node:fs';
import path from 'node:path';
import type Database from 'better-sqlite3';
import { openDatabase } from '../src/db/connection.ts';
import { tempDir } from './helper.ts';
import { adminToken, freePort, killKit, startKitProcess, type KitProcess } from './kit-process.ts';

/** What the two-kit sync tests share: the two kits, a kit's database opened beside its process, and its sync jobs run to the end. */

type Env = Record<string, string>;

/**
 * Two real kits on loopback: A publishes, B pulls. Their folders exist from
 * the start (a test seeds A's database before A runs); start() runs both
 * processes and logs in their admins, stop() ends them and removes the folders.
 */
export class KitPair {
  private readonly password: string;
  readonly dirA: string;
  readonly dirB: string;
  A!: KitProcess;
  B!: KitProcess;
  tokenA = '';
  tokenB = '';

  constructor(name: string, password: string) {
    this.password = password;
    this.dirA = tempDir(`kit-${name}-a-`);
    this.dirB = tempDir(`kit-${name}-b-`);
  }

  /** A listens on a port chosen first, so B's environment can point at it (B's hub is A). */
  async start(envA: Env = {}, envB: (portA: number) => Env = () => ({})): Promise<void> {
    const portA = await freePort();
    [this.A, this.B] = await Promise.all([startKitProcess(this.dirA, this.password, envA, portA), startKitProcess(this.dirB, this.password, envB(portA))]);
    [this.tokenA, this.tokenB] = await Promise.all([adminToken(this.A.base, this.password), adminToken(this.B.base, this.password)]);
  }

  /** B once more, on its port and with its data, after a test killed it. */
  async startBAgain(envB: Env = {}): Promise<void> {
    this.B = await startKitProcess(this.dirB, this.password, envB, this.B.port);
    this.tokenB = await adminToken(this.B.base, this.password);
  }

  async stop(): Promise<void> {
    // A kit whose start failed was never set.
    await Promise.all([this.A && killKit(this.A), this.B && killKit(this.B)]);
    for (const dir of [this.dirA, this.dirB]) fs.rmSync(dir, { recursive: true, force: true });
  }
}

const auth = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

/** Opens the kit's database in DIR for USE, and closes it again (the process keeps its own connection). */
export function withDb<T>(dir: string, use: (db: Database.Database) => T): T {
  const db = openDatabase(path.join(dir, 'portal.db'));
  try {
    return use(db);
  } finally {
    db.close();
  }
}

export interface FinishedJob<R> {
  state: string;
  message: string | null;
  report: R | null;
}

/** Starts a sync job (POST URL, answered 202) and polls the kit's status until the job stops running. */
export async function runSyncJob<R>(kit: KitProcess, token: string, url: string, body: unknown = {}): Promise<FinishedJob<R>> {
  const started = await fetch(`${kit.base}${url}`, { method: 'POST', headers: auth(token), body: JSON.stringify(body) });
  if (started.status !== 202) throw new Error(`${url} answered ${started.status}: ${await started.text()}`);
  for (let i = 0; i < 2400; i++) {
    const { job } = (await (await fetch(`${kit.base}/api/v2/admin/sync/status`, { headers: auth(token) })).json()) as { job: FinishedJob<R> };
    if (job.state !== 'running') return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('el trabajo no terminó');
}

/** Makes TARGET trust SOURCE's signing key under LABEL. */
export async function trustKit(target: KitProcess, targetToken: string, source: KitProcess, sourceToken: string, label: string): Promise<void> {
  const { kit } = (await (await fetch(`${source.base}/api/v2/admin/sync/status`, { headers: auth(sourceToken) })).json()) as { kit: { publicKey: string } };
  const res = await fetch(`${target.base}/api/v2/admin/sync/keys`, { method: 'POST', headers: auth(targetToken), body: JSON.stringify({ publicKey: kit.publicKey, label }) });
  if (res.status !== 201) throw new Error(`sync/keys answered ${res.status}: ${await res.text()}`);
}
