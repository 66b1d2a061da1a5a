import fs from 'node:fs';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { pollFor, processAlive, tempDir } from '../../../test/helper.ts';
import { adminToken, killKit, startKitProcess, type KitProcess } from '../../../test/kit-process.ts';
import { makeClip } from '../../../test/media-maker.ts';
import { tmpDir } from '../../media/store.ts';

/*
 * A kill in the middle of a job (SIGKILL: a power cut, as far as the process
 * can tell): the real server, a real upload, the real encoder. After the
 * restart the encoder the dead server left running is ended and the job runs
 * again to the end.
 */

const PASSWORD = 'clave-de-prueba-1';
const dataDir = tempDir('kit-renditions-restart-');
let kit: KitProcess | null = null;
const orphans: number[] = [];

afterAll(async () => {
  if (kit) await killKit(kit);
  for (const pid of orphans) {
    try {
      process.kill(-pid, 'SIGKILL');
    } catch {
      // ended, as it should be
    }
  }
  fs.rmSync(dataDir, { recursive: true, force: true });
});

interface JobRow {
  state: string;
  pid: number | null;
  attempts: number;
}

const env = { KIT_RENDITIONS: 'true', KIT_RENDITION_THREADS: '1' };

/** A generous bound: a loaded machine encodes slowly. */
const BOUND_SECONDS = 120;

describe('a kill during a job', () => {
  it('resumes the job after the restart, and ends the encoder the dead server left behind', async () => {
    const clip = await makeClip(path.join(dataDir, '..', `${path.basename(dataDir)}-clip.mp4`), { width: 1920, height: 1080, seconds: 2, bitrate: '12M' });
    kit = await startKitProcess(dataDir, PASSWORD, env);
    const token = await adminToken(kit.base, PASSWORD);
    const auth = { authorization: `Bearer ${token}` };
    const created = await fetch(`${kit.base}/api/v2/resources`, {
      method: 'POST',
      headers: { ...auth, 'content-type': 'application/json' },
      body: JSON.stringify({ title: 'Siembra', type: 3, rights_declared: true }),
    });
    const { id } = (await created.json()) as { id: number };
    const form = new FormData();
    form.append('file', new Blob([fs.readFileSync(clip)]), 'siembra.mp4');
    expect((await fetch(`${kit.base}/api/v2/resources/${id}/file`, { method: 'POST', headers: auth, body: form })).status).toBe(200);

    const db = new Database(path.join(dataDir, 'portal.db'), { readonly: true });
    const job = () => db.prepare<[], JobRow>('SELECT state, pid, attempts FROM rendition_jobs').get() ?? null;
    try {
      const running = await pollFor('la tarea en marcha', BOUND_SECONDS, () => {
        const row = job();
        return row?.state === 'running' && row.pid !== null ? row : null;
      });
      await killKit(kit);
      kit = null;
      const orphan = running.pid as number;
      orphans.push(orphan);
      // Killed mid-job: the row still says running, and its encoder outlived the server.
      expect(job()).toMatchObject({ state: 'running', attempts: 1 });
      expect(processAlive(orphan)).toBe(true);
      // Held still, so that only the restarted server can end it (left alone it would finish by itself).
      process.kill(-orphan, 'SIGSTOP');

      kit = await startKitProcess(dataDir, PASSWORD, env);
      await pollFor('el codificador huérfano terminado', BOUND_SECONDS, () => (processAlive(orphan) ? null : true));
      const detail = await pollFor('las copias', BOUND_SECONDS, async () => {
        const res = await fetch(`${kit?.base}/api/v2/resource/${id}`, { headers: auth });
        const body = (await res.json()) as { renditions: { kind: string }[]; renditionJob: unknown };
        return body.renditions.length > 0 ? body : null;
      });
      expect(detail.renditions.map((r) => r.kind)).toEqual(['video', 'poster']);
      expect(detail.renditionJob).toBeNull();
      expect(job()).toMatchObject({ state: 'done', attempts: 2, pid: null });
      // The job's folder goes just after the job is recorded done.
      await pollFor('la carpeta de trabajo borrada', BOUND_SECONDS, () => (fs.readdirSync(tmpDir(dataDir)).length === 0 ? true : null));
    } finally {
      db.close();
      fs.rmSync(clip, { force: true });
    }
    // Two starts of the server and two encodes of a 1080p clip on a machine that may be loaded.
  }, 300_000);
});
