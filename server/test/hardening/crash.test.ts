/**
 * Crash consistency: a real server process under mixed writes (registrations,
 * profile updates, notices, banner uploads of ~1 MB, and above all many small
 * resumable library uploads, so that a large share of the kills lands while
 * an upload is finishing) is SIGKILLed at random moments, CRASH_ROUNDS times
 * (25 by default; `npm run crash-test` does 200). After each restart: PRAGMA
 * integrity_check is ok, every write the client saw acknowledged (a 2xx
 * arrived) is in the database, media/tmp is empty, every media row's file
 * exists with its size and sha256, no file in the store lacks a media row,
 * and every upload keeps every acknowledged byte: either its resource has the
 * whole file, or HEAD gives an offset at least the acknowledged one and the
 * part file holds exactly the bytes sent up to it. Cut uploads are resumed by
 * the next round's writers, so their finishes are killed too.
 */
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../helper.ts';
import { killKit, startKitProcess, type KitProcess } from '../kit-process.ts';
import { prng } from './support.ts';

const ROUNDS = Number(process.env.CRASH_ROUNDS ?? 25);
const ADMIN_PASSWORD = 'clave-admin-crash';

const dataDir = tempDir('kit-crash-');
let kit: KitProcess | null = null;

afterAll(async () => {
  if (kit) await killKit(kit);
});

/** A real PNG of noise (picture doors decode what they take) of about `bytes`, different every time. */
function noisePng(bytes: number): Promise<Buffer> {
  const side = Math.floor(Math.sqrt(bytes / 3));
  return sharp(randomBytes(side * side * 3), { raw: { width: side, height: side, channels: 3 } }).png({ compressionLevel: 1 }).toBuffer();
}

const PDF_HEAD = Buffer.from('%PDF-1.4\n');

/** A library upload's bytes, made again from its seed whenever they are checked (thousands are sent). */
function uploadBytes(seed: number, size: number): Buffer {
  const next = prng(seed);
  const b = Buffer.alloc(size);
  for (let i = 0; i < size; i += 4) b.writeUInt32LE(Math.floor(next() * 2 ** 32), i);
  PDF_HEAD.copy(b, 0);
  return b;
}

/**
 * One resumable upload as the client saw it: `acked` is the offset of the
 * last 2xx answer (the server may hold more: bytes that arrived before the
 * kill), `complete` that an answer said the resource has its file.
 */
interface UploadRecord { token: string; resourceId: number; id: string; seed: number; size: number; sha: string; acked: number; complete: boolean; busy: boolean; cut: boolean }

/**
 * Profile updates per user in the order they were sent, and the index of the last one answered:
 * a write may be on disk without its answer having left before the kill, so the stored value
 * must be the last acknowledged one or one sent after it — never an older one, never lost.
 */
interface ProfileWrites { sent: string[]; lastAcked: number }
interface Acked {
  users: string[];
  ads: number[];
  profiles: Map<number, ProfileWrites>;
  banners: string[];
  uploads: UploadRecord[];
  /** the category drafts go in, made by the first admin login */
  category: number | null;
  /** kills that landed while an upload's last bytes were sent and no answer had come back */
  finishesCut: number;
  /** answers a live server should never give an upload (checked at the end) */
  refusals: string[];
}

/**
 * How far the writers got this run: kills are placed by progress, not by
 * time, whatever the machine's load. `steps`: writes answered (of any kind);
 * `finishing`: PATCHes sent that carry an upload's last byte; `midway`:
 * uploads acknowledged part of the way, whose writer then waits for the kill
 * when `holdMidway` is set (so that kill cuts an upload for certain).
 */
interface Progress { steps: number; finishing: number; midway: number; holdMidway: boolean; stop: boolean }

/** Until the round's kill. */
async function killed(progress: Progress): Promise<void> {
  while (!progress.stop) await new Promise((r) => setTimeout(r, 2));
}

const octets = (token: string, offset: number) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/offset+octet-stream', 'upload-offset': String(offset) });

/** Sends an upload's bytes from `from` to its end in one or two PATCHes, recording each acknowledged offset. */
async function sendRest(base: string, up: UploadRecord, from: number, rng: () => number, acked: Acked, progress: Progress): Promise<void> {
  const bytes = uploadBytes(up.seed, up.size);
  let offset = from;
  while (offset <= up.size && !up.complete) {
    const end = offset + Math.max(1, Math.floor((up.size - offset) * (rng() < 0.5 ? 1 : 0.5)));
    const last = Math.min(end, up.size) === up.size;
    let r: Response;
    try {
      const sent = fetch(`${base}/api/uploads/${up.id}`, { method: 'PATCH', headers: octets(up.token, offset), body: bytes.subarray(offset, Math.min(end, up.size)) });
      if (last) progress.finishing += 1;
      r = await sent;
    } catch (error) {
      if (last) acked.finishesCut += 1;
      throw error;
    }
    if (!r.ok) {
      acked.refusals.push(`PATCH ${up.id} at ${offset}: ${r.status} ${await r.text()}`);
      return;
    }
    const body = (await r.json()) as { offset: number; complete: boolean };
    up.acked = body.offset;
    up.complete = body.complete;
    if (!body.complete && body.offset < up.size) {
      progress.midway += 1;
      if (progress.holdMidway) await killed(progress);
    }
    if (offset === up.size) break;
    offset = body.offset;
  }
}

/** The rest of an upload a kill cut; one the server finished before the kill (HEAD 404) counts as finished, and check() holds it to its whole file. */
async function resume(base: string, cut: UploadRecord, rng: () => number, acked: Acked, progress: Progress): Promise<void> {
  cut.cut = true;
  const head = await fetch(`${base}/api/uploads/${cut.id}`, { method: 'HEAD', headers: { authorization: `Bearer ${cut.token}` } });
  if (head.status === 404) {
    cut.complete = true;
    return;
  }
  await sendRest(base, cut, Number(head.headers.get('upload-offset')), rng, acked, progress);
}

/** A new draft and its file, or (half the time, when there is one) the rest of an upload a kill cut. */
async function uploadStep(base: string, user: { token: string }, category: number, rng: () => number, acked: Acked, progress: Progress, round: number, i: number): Promise<void> {
  const json = { 'content-type': 'application/json', authorization: `Bearer ${user.token}` };
  const cut = acked.uploads.find((u) => !u.complete && !u.busy);
  if (cut && rng() < 0.5) {
    cut.busy = true;
    try {
      await resume(base, cut, rng, acked, progress);
    } finally {
      cut.busy = false;
    }
    return;
  }
  const draft = await fetch(`${base}/api/v2/resources`, {
    method: 'POST', headers: json,
    body: JSON.stringify({ title: `Libro ${round}-${i}`, type: 2, author: 'Escuela', source: 'Archivo comunal', license: 'CC BY 4.0', description: 'Para la prueba de apagones.', content_type_id: category, rights_declared: true }),
  });
  if (draft.status !== 201) return;
  const resourceId = ((await draft.json()) as { id: number }).id;
  const seed = Math.floor(rng() * 2 ** 31);
  const size = 4 * 1024 + Math.floor(rng() * 60 * 1024);
  const started = await fetch(`${base}/api/uploads`, { method: 'POST', headers: json, body: JSON.stringify({ resourceId, size, name: 'libro.pdf' }) });
  if (started.status !== 201) return;
  const id = ((await started.json()) as { id: string }).id;
  const up: UploadRecord = { token: user.token, resourceId, id, seed, size, sha: createHash('sha256').update(uploadBytes(seed, size)).digest('hex'), acked: 0, complete: false, busy: true, cut: false };
  acked.uploads.push(up);
  try {
    await sendRest(base, up, 0, rng, acked, progress);
  } finally {
    up.busy = false;
  }
}

/**
 * A phone's sessions: tokens from acknowledged logins and registrations are
 * kept across restarts, as phones keep them, so each round's short life is
 * spent writing rather than hashing passwords.
 */
interface Sessions { adminToken: string | null; user: { id: number; token: string } | null }


async function writer(base: string, rng: () => number, acked: Acked, progress: Progress, round: number, sessions: Sessions): Promise<void> {
  const json = { 'content-type': 'application/json', 'x-requested-with': 'XMLHttpRequest' };
  for (let i = 0; !progress.stop; i++) {
    const { adminToken, user } = sessions;
    try {
      if (!adminToken) {
        const r = await fetch(`${base}/api/auth`, { method: 'POST', headers: json, body: JSON.stringify({ user_name: 'admin', password: ADMIN_PASSWORD }) });
        if (r.ok) sessions.adminToken = ((await r.json()) as { token: string }).token;
        continue;
      }
      if (acked.category === null) {
        const c = await fetch(`${base}/api/content/type/create`, { method: 'POST', headers: { ...json, authorization: `Bearer ${adminToken}` }, body: JSON.stringify({ name: `Libros ${round}-${i}` }) });
        if (c.status === 201 && acked.category === null) acked.category = ((await c.json()) as { data: { id: number } }).data.id;
        continue;
      }
      const pick = rng();
      if (user && pick >= 0.45) {
        await uploadStep(base, user, acked.category, rng, acked, progress, round, i);
      } else if (pick < 0.1 || !user) {
        const userName = `v${round}_${i}_${Math.floor(rng() * 1e6)}`;
        const r = await fetch(`${base}/api/user/create`, { method: 'POST', headers: json, body: JSON.stringify({ user_name: userName, name: 'Vecina', last_name: 'Prueba', password: 'clave-123' }) });
        if (r.status === 201) {
          acked.users.push(userName);
          const body = (await r.json()) as { token: string; user: { id: number } };
          sessions.user = { id: body.user.id, token: body.token };
        }
      } else if (pick < 0.2) {
        const others = `nota ${round}-${i}`;
        const writes = acked.profiles.get(user.id) ?? { sent: [], lastAcked: -1 };
        acked.profiles.set(user.id, writes);
        writes.sent.push(others);
        const r = await fetch(`${base}/api/user/update`, { method: 'POST', headers: { ...json, authorization: `Bearer ${user.token}` }, body: JSON.stringify({ others }) });
        if (r.ok) writes.lastAcked = writes.sent.length - 1;
      } else if (pick < 0.38) {
        const r = await fetch(`${base}/api/v2/ads`, {
          method: 'POST', headers: { ...json, authorization: `Bearer ${adminToken}` },
          body: JSON.stringify({ title: `Aviso ${round}-${i}`, text: 'Reunión comunal el sábado en el local.', contact: '987654321', category: 'avisos', expiresInDays: 7 }),
        });
        if (r.status === 201) acked.ads.push(((await r.json()) as { id: number }).id);
      } else {
        const form = new FormData();
        form.append('file', new Blob([await noisePng(256 * 1024 + Math.floor(rng() * 768 * 1024))], { type: 'image/png' }), 'banner.png');
        const r = await fetch(`${base}/api/v2/admin/banners/publicity`, { method: 'POST', headers: { authorization: `Bearer ${adminToken}` }, body: form });
        if (r.ok) {
          const body = (await r.json()) as { media_sha256?: string; sha256?: string; imageUrl?: string };
          const sha = body.sha256 ?? body.media_sha256 ?? /([0-9a-f]{64})/.exec(JSON.stringify(body))?.[1];
          if (sha) acked.banners.push(sha);
        }
      }
      progress.steps += 1;
    } catch {
      return; // the server died mid-request: that write was never acknowledged
    }
  }
}

/** Resolves once `reached` holds, or the writers have all stopped (with a hang guard, not a timing). */
async function until(reached: () => boolean, writers: Promise<void>[]): Promise<void> {
  let stopped = false;
  void Promise.all(writers).then(() => (stopped = true));
  const guard = Date.now() + 120_000;
  while (!reached() && !stopped && Date.now() < guard) await new Promise((r) => setTimeout(r, 2));
}

/**
 * Every upload after a restart: finished (its resource has the whole file), or
 * resumable from at least its acknowledged offset with exactly the bytes sent.
 */
async function checkUploads(base: string, db: Database.Database, acked: Acked): Promise<string[]> {
  const problems: string[] = [];
  const fileOf = db.prepare<[number], { media_sha256: string | null }>('SELECT media_sha256 FROM resources WHERE id = ?');
  for (const up of acked.uploads) {
    const stored = fileOf.get(up.resourceId)?.media_sha256 ?? null;
    if (up.complete) {
      if (stored !== up.sha) problems.push(`upload ${up.id}: acknowledged complete, but resource ${up.resourceId} has ${stored ?? 'no file'}`);
      continue;
    }
    const head = await fetch(`${base}/api/uploads/${up.id}`, { method: 'HEAD', headers: { authorization: `Bearer ${up.token}` } });
    if (head.status === 404) {
      if (stored === up.sha) up.complete = true;
      else problems.push(`upload ${up.id}: ${up.acked} of ${up.size} bytes acknowledged, but it is gone and resource ${up.resourceId} has ${stored ?? 'no file'}`);
      continue;
    }
    const offset = Number(head.headers.get('upload-offset'));
    if (head.status !== 200 || !(offset >= up.acked && offset <= up.size)) {
      problems.push(`upload ${up.id}: HEAD ${head.status} offset ${offset}, ${up.acked} acknowledged`);
      continue;
    }
    const part = path.join(dataDir, 'uploads', `${up.id}.part`);
    const held = fs.existsSync(part) ? fs.readFileSync(part) : null;
    if (held === null || held.length !== offset) problems.push(`upload ${up.id}: offset ${offset} but its part file holds ${held?.length ?? 'nothing'}`);
    else if (!held.equals(uploadBytes(up.seed, up.size).subarray(0, offset))) problems.push(`upload ${up.id}: the ${offset} bytes held are not the bytes sent`);
  }
  return problems;
}

/** Files in media/<aa>/ that no media row names: bytes nobody can reach, left by a cut write. */
function orphanFiles(db: Database.Database): string[] {
  const named = new Set(db.prepare<[], { name: string }>("SELECT sha256 || '.' || ext AS name FROM media").all().map((m) => m.name));
  const root = path.join(dataDir, 'media');
  const dirs = fs.existsSync(root) ? fs.readdirSync(root).filter((d) => /^[0-9a-f]{2}$/.test(d)) : [];
  return dirs.flatMap((d) => fs.readdirSync(path.join(root, d)).filter((f) => !named.has(f)));
}

async function check(base: string, acked: Acked): Promise<string[]> {
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
    for (const name of orphanFiles(db)) problems.push(`media/${name.slice(0, 2)}/${name}: in the store, but no media row names it`);
    problems.push(...(await checkUploads(base, db, acked)));
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
    const sessions: Sessions[] = [0, 1, 2].map(() => ({ adminToken: null, user: null }));
    const acked: Acked = { users: [], ads: [], profiles: new Map(), banners: [], uploads: [], category: null, finishesCut: 0, refusals: [] };
    const problems: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      kit = await startKitProcess(dataDir, ADMIN_PASSWORD);
      const { base } = kit;
      // After the restart (media/tmp cleaned by then): everything acknowledged before the last kill is there.
      if (round > 0) problems.push(...(await check(base, acked)).map((p) => `round ${round}: ${p}`));
      if (problems.length > 0) break;
      const progress: Progress = { steps: 0, finishing: 0, midway: 0, holdMidway: round % 6 === 1, stop: false };
      const writers = sessions.map((own) => writer(base, rng, acked, progress, round, own));
      if (progress.holdMidway) {
        // An upload acknowledged part of the way, its writer waiting: the kill cuts it, and a later round resumes it.
        await until(() => progress.midway >= 1, writers);
      } else if (round % 3 === 0) {
        // A random number of writes of any kind, then a random moment inside the next ones.
        const steps = 1 + Math.floor(rng() * 10);
        await until(() => progress.steps >= steps, writers);
        await new Promise((r) => setTimeout(r, Math.floor(rng() * 300)));
      } else {
        // Most kills land on an upload's finish: just after the PATCH with its last byte went out,
        // at a random moment of the server's hashing, linking, fsyncs and commit.
        const finishing = 1 + Math.floor(rng() * 3);
        await until(() => progress.finishing >= finishing, writers);
        await new Promise((r) => setTimeout(r, Math.floor(rng() * 80)));
      }
      await killKit(kit);
      progress.stop = true;
      await Promise.all(writers);
    }
    if (problems.length === 0) {
      kit = await startKitProcess(dataDir, ADMIN_PASSWORD);
      // Every cut upload is resumed to its end once nobody kills the kit: none is left half-sent.
      const calm: Progress = { steps: 0, finishing: 0, midway: 0, holdMidway: false, stop: false };
      for (const cut of acked.uploads.filter((u) => !u.complete)) await resume(kit.base, cut, rng, acked, calm);
      problems.push(...(await check(kit.base, acked)).map((p) => `final: ${p}`));
    }
    if (kit) await killKit(kit);
    const finished = acked.uploads.filter((u) => u.complete).length;
    const cutThenFinished = acked.uploads.filter((u) => u.cut && u.complete).length;
    process.stdout.write(
      `crash test: ${ROUNDS} kills, ${acked.uploads.length} uploads (${finished} finished, ${cutThenFinished} of them after a kill had cut them), ${acked.finishesCut} kills while an upload was finishing\n`,
    );
    expect(problems).toEqual([]);
    expect(acked.refusals).toEqual([]);
    expect(acked.ads.length + acked.users.length, 'the writers got writes acknowledged').toBeGreaterThan(ROUNDS);
    // How many uploads a round starts depends on the machine's speed; that each one ends whole does not.
    expect(finished, 'every upload ends whole once nobody kills the kit').toBe(acked.uploads.length);
    expect(cutThenFinished, 'uploads a kill had cut, resumed to their end').toBeGreaterThan(0);
  }, Math.max(900_000, ROUNDS * 30_000)); // a hang guard only: restarts take seconds each, over ten on a busy 2-core machine
});
