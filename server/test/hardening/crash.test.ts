/**
 * Crash consistency: a real server process under mixed writes (registrations,
 * profile updates, notices, banner uploads of ~1 MB) is SIGKILLed at random
 * moments, CRASH_ROUNDS times (25 by default; `npm run crash-test` does 200).
 * After each restart: PRAGMA integrity_check is ok, every write the client saw
 * acknowledged (a 2xx arrived) is in the database, media/tmp is empty and every
 * media row's file exists with its size and sha256.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helper.ts';
import { prng } from './support.ts';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 25);
const MAIN = path.resolve(import.meta.dirname, '..', '..', 'src', 'main.ts');
const ADMIN_PASSWORD = 'clave-admin-crash';

const dataDir = tempDir('kit-crash-');
let child: ChildProcess | null = null;

afterAll(() => {
  child?.kill('SIGKILL');
  fs.rmSync(dataDir, { recursive: true, force: true });
});

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

async function start(port: number): Promise<ChildProcess> {
  const proc = spawn(process.execPath, [MAIN], {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', KIT_DATA_DIR: dataDir, KIT_WEB_DIR: path.join(dataDir, 'no-web'), KIT_ADMIN_PASSWORD: ADMIN_PASSWORD, LOG_LEVEL: 'silent', KIT_SEED_DEMO: 'false' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let i = 0; i < 300; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return proc;
    } catch {
      /* not listening yet */
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('el servidor no arrancó');
}

/** PNG magic and then noise: an "image" by its first bytes, different every time. */
function fakePng(bytes: number, rng: () => number): Buffer {
  const b = randomBytes(bytes);
  Buffer.from('89504e470d0a1a0a', 'hex').copy(b, 0);
  b.writeUInt32BE(Math.floor(rng() * 2 ** 32), 8);
  return b;
}

/**
 * Profile updates per user in the order they were sent, and the index of the last one answered:
 * a write may be on disk without its answer having left before the kill, so the stored value
 * must be the last acknowledged one or one sent after it — never an older one, never lost.
 */
interface ProfileWrites { sent: string[]; lastAcked: number }
interface Acked { users: string[]; ads: number[]; profiles: Map<number, ProfileWrites>; banners: string[] }

async function writer(base: string, rng: () => number, acked: Acked, stop: { now: boolean }, round: number): Promise<void> {
  const json = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
  let adminToken: string | null = null;
  let user: { id: number; token: string } | null = null;
  for (let i = 0; !stop.now; i++) {
    try {
      if (!adminToken) {
        const r = await fetch(`${base}/api/auth`, { method: 'POST', headers: json, body: JSON.stringify({ user_name: 'admin', password: ADMIN_PASSWORD }) });
        if (r.ok) adminToken = ((await r.json()) as { token: string }).token;
        continue;
      }
      const pick = rng();
      if (pick < 0.2 || !user) {
        const userName = `v${round}_${i}_${Math.floor(rng() * 1e6)}`;
        const r = await fetch(`${base}/api/user/create`, { method: 'POST', headers: json, body: JSON.stringify({ user_name: userName, name: 'Vecina', last_name: 'Prueba', password: 'clave-123' }) });
        if (r.status === 201) {
          acked.users.push(userName);
          const body = (await r.json()) as { token: string; user: { id: number } };
          user = { id: body.user.id, token: body.token };
        }
      } else if (pick < 0.45) {
        const others = `nota ${round}-${i}`;
        const writes = acked.profiles.get(user.id) ?? { sent: [], lastAcked: -1 };
        acked.profiles.set(user.id, writes);
        writes.sent.push(others);
        const r = await fetch(`${base}/api/user/update`, { method: 'POST', headers: { ...json, authorization: `Bearer ${user.token}` }, body: JSON.stringify({ others }) });
        if (r.ok) writes.lastAcked = writes.sent.length - 1;
      } else if (pick < 0.8) {
        const r = await fetch(`${base}/api/v2/ads`, {
          method: 'POST', headers: { ...json, authorization: `Bearer ${adminToken}` },
          body: JSON.stringify({ title: `Aviso ${round}-${i}`, text: 'Reunión comunal el sábado en el local.', contact: '987654321', category: 'avisos', expiresInDays: 7 }),
        });
        if (r.status === 201) acked.ads.push(((await r.json()) as { id: number }).id);
      } else {
        const form = new FormData();
        form.append('file', new Blob([fakePng(256 * 1024 + Math.floor(rng() * 768 * 1024), rng)], { type: 'image/png' }), 'banner.png');
        const r = await fetch(`${base}/api/v2/admin/banners/publicity`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
        if (r.ok) {
          const body = (await r.json()) as { media_sha256?: string; sha256?: string; imageUrl?: string };
          const sha = body.sha256 ?? body.media_sha256 ?? /([0-9a-f]{64})/.exec(JSON.stringify(body))?.[1];
          if (sha) acked.banners.push(sha);
        }
      }
    } catch {
      return; // the server died mid-request: that write was never acknowledged
    }
  }
}

function check(acked: Acked): string[] {
  const problems: string[] = [];
  const db = new Database(path.join(dataDir, 'portal.db'), { readonly: true });
  try {
    const integrity = db.pragma('integrity_check', { simple: true });
    if (integrity !== 'ok') problems.push(`integrity_check: ${String(integrity)}`);
    const hasUser = db.prepare('SELECT 1 FROM users WHERE user_name = ?');
    for (const u of acked.users) if (!hasUser.get(u)) problems.push(`registration ${u} acknowledged but missing`);
    const hasAd = db.prepare('SELECT 1 FROM ads WHERE id = ?');
    for (const id of acked.ads) if (!hasAd.get(id)) problems.push(`notice ${id} acknowledged but missing`);
    const others = db.prepare<[number], { others: string | null }>('SELECT others FROM users WHERE id = ?');
    for (const [id, writes] of acked.profiles) {
      if (writes.lastAcked < 0) continue;
      const stored = others.get(id)?.others ?? null;
      const position = stored === null ? -1 : writes.sent.lastIndexOf(stored);
      if (position < writes.lastAcked) problems.push(`profile ${id}: stored «${stored}» is older than the acknowledged «${writes.sent[writes.lastAcked]}»`);
    }
    const hasMedia = db.prepare('SELECT 1 FROM media WHERE sha256 = ?');
    for (const sha of acked.banners) if (!hasMedia.get(sha)) problems.push(`banner ${sha} acknowledged but its media row is missing`);
    for (const m of db.prepare<[], { sha256: string; ext: string; size: number }>('SELECT sha256, ext, size FROM media').all()) {
      const file = path.join(dataDir, 'media', m.sha256.slice(0, 2), `${m.sha256}.${m.ext}`);
      if (!fs.existsSync(file)) {
        problems.push(`media ${m.sha256} has no file`);
        continue;
      }
      const bytes = fs.readFileSync(file);
      if (bytes.length !== m.size) problems.push(`media ${m.sha256}: ${bytes.length} bytes on disk, ${m.size} in its row`);
      else if (createHash('sha256').update(bytes).digest('hex') !== m.sha256) problems.push(`media ${m.sha256}: content does not match its hash`);
    }
  } finally {
    db.close();
  }
  const tmp = path.join(dataDir, 'media', 'tmp');
  const leftovers = fs.existsSync(tmp) ? fs.readdirSync(tmp) : [];
  if (leftovers.length > 0) problems.push(`media/tmp not emptied at start: ${leftovers.join(', ')}`);
  return problems;
}

describe('crash consistency', () => {
  it(`keeps every acknowledged write through ${ROUNDS} SIGKILLs`, async () => {
    const rng = prng(20_240_611);
    const acked: Acked = { users: [], ads: [], profiles: new Map(), banners: [] };
    const problems: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const port = await freePort();
      child = await start(port);
      // After the restart (media/tmp cleaned by then): everything acknowledged before the last kill is there.
      if (round > 0) problems.push(...check(acked).map((p) => `round ${round}: ${p}`));
      if (problems.length > 0) break;
      const stop = { now: false };
      const base = `http://127.0.0.1:${port}`;
      const writers = [writer(base, rng, acked, stop, round), writer(base, rng, acked, stop, round), writer(base, rng, acked, stop, round)];
      await new Promise((r) => setTimeout(r, 250 + Math.floor(rng() * 600)));
      const dead = new Promise((r) => child?.once('exit', r));
      child.kill('SIGKILL');
      await dead;
      stop.now = true;
      await Promise.all(writers);
    }
    if (problems.length === 0) {
      child = await start(await freePort());
      problems.push(...check(acked).map((p) => `final: ${p}`));
    }
    child?.kill('SIGKILL');
    expect(problems).toEqual([]);
    expect(acked.ads.length + acked.users.length, 'the writers got writes acknowledged').toBeGreaterThan(ROUNDS);
  }, Math.max(300_000, ROUNDS * 10_000)); // a hang guard only: restarts take seconds each on a busy machine
});
