import path from 'node:path';
import type Database from 'better-sqlite3';
import { openDatabase } from '../src/db/connection.ts';
import type { KitProcess } from './kit-process.ts';

/** What the two-kit sync tests share: a kit's database opened beside its process, and its sync jobs run to the end. */

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
