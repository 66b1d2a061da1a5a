import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { buildTestApp, createUser, login, tempDir, type TestApp } from '../../../test/helper.ts';
import { addCategory, addMedia, addResource, patternBytes } from '../../../test/library-fixtures.ts';

// Real processes, disks and HTTP on a machine that may be busy: generous limits, never sleeps.
vi.setConfig({ testTimeout: 180_000, hookTimeout: 240_000 });

/** Backup and restore of the whole kit (docs/SYNC.md): the online backup, verified in full, applied at the next start. */

const dataDir = tempDir('kit-backup-');
const config = loadConfig({ KIT_DATA_DIR: dataDir, KIT_WEB_DIR: path.join(dataDir, 'no-web') });
let app: FastifyInstance;
let admin: Record<string, string>;
let other: TestApp;

const titles = (a: FastifyInstance) => (a.db.prepare('SELECT title FROM resources ORDER BY title').all() as { title: string }[]).map((r) => r.title);

async function open(): Promise<void> {
  app = await buildApp({ config, logger: false });
  await app.ready();
  admin = { authorization: `Bearer ${(await login(app, 'jefa', 'secreto-jefa')).token}` };
}

async function backupOf(a: FastifyInstance, headers: Record<string, string>): Promise<Buffer> {
  expect((await a.inject({ method: 'POST', url: '/api/v2/admin/data/backup', headers, payload: {} })).statusCode).toBe(202);
  let job: { state: string; download: string | null } = { state: 'running', download: null };
  for (let i = 0; i < 2400 && job.state === 'running'; i++) {
    await new Promise((r) => setTimeout(r, 25));
    job = (await a.inject({ method: 'GET', url: '/api/v2/admin/sync/status', headers })).json().job;
  }
  expect(job.state).toBe('done');
  const file = await a.inject({ method: 'GET', url: `/api/v2/admin/data/backups/${job.download}`, headers });
  expect(file.statusCode).toBe(200);
  return file.rawPayload;
}

const restore = (body: Buffer) =>
  app.inject({ method: 'POST', url: '/api/v2/admin/data/restore', headers: { ...admin, 'content-type': 'application/octet-stream' }, payload: body });

beforeAll(async () => {
  app = await buildApp({ config, logger: false });
  await app.ready();
  await createUser(app, 'jefa', 'secreto-jefa', { admin: true });
  admin = { authorization: `Bearer ${(await login(app, 'jefa', 'secreto-jefa')).token}` };
  const cat = addCategory(app.db, 'Historia');
  addResource(app.db, { title: 'Fundación del pueblo', category: cat, media: addMedia(app.db, dataDir, patternBytes(300_000, 2), 'pdf', 'application/pdf') });
  other = await buildTestApp();
});

afterAll(async () => {
  await app.close();
  await other.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('backup and restore of the whole kit', () => {
  let backup: Buffer;

  it('restores the library as it was at the backup, at the next start', async () => {
    backup = await backupOf(app, admin);
    addResource(app.db, { title: 'Recurso posterior a la copia' });
    const res = await restore(backup);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ restartRequired: true, message: 'Copia verificada. Se restaurará al reiniciar el kit.' });
    // Nothing changes while the kit runs.
    expect(titles(app)).toEqual(['Fundación del pueblo', 'Recurso posterior a la copia']);
    await app.close();
    await open();
    expect(titles(app)).toEqual(['Fundación del pueblo']);
    expect(app.db.pragma('integrity_check', { simple: true })).toBe('ok');
    expect(fs.existsSync(path.join(dataDir, 'restore-pending'))).toBe(false);
  });

  it('refuses a backup with one corrupted byte, and changes nothing', async () => {
    const bad = Buffer.from(backup);
    bad[bad.length - 2000] = (bad[bad.length - 2000] as number) ^ 0xff;
    const res = await restore(bad);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'BACKUP_CORRUPT', message: 'La copia de seguridad está dañada o incompleta. No se cambió nada' });
    expect(fs.existsSync(path.join(dataDir, 'restore-pending'))).toBe(false);
  });

  it('refuses a truncated backup', async () => {
    const res = await restore(backup.subarray(0, backup.length - 3000));
    expect(res.json().error.code).toBe('BACKUP_CORRUPT');
  });

  it("refuses another kit's backup with a clear message", async () => {
    await createUser(other.app, 'jefa', 'secreto-jefa', { admin: true });
    const foreign = await backupOf(other.app, { authorization: `Bearer ${(await login(other.app, 'jefa', 'secreto-jefa')).token}` });
    const res = await restore(foreign);
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'BACKUP_FOREIGN', message: 'Esta copia de seguridad es de otro kit y no se puede restaurar aquí. No se cambió nada' });
    await app.close();
    await open();
    expect(titles(app)).toEqual(['Fundación del pueblo']);
  });

  it('refuses a content pack or any other file offered as a backup', async () => {
    const res = await restore(Buffer.from('no soy una copia'.repeat(64)));
    expect(res.json().error.code).toBe('BACKUP_NOT_A_BACKUP');
  });
});
