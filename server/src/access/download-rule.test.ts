import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, createUser, login, type TestApp } from '../../test/helper.ts';
import { addMedia, addResource, patternBytes } from '../../test/library-fixtures.ts';
import { writeSettings } from '../kit-settings/kit-settings.repo.ts';

/** docs/PRODUCT.md#downloads appDenyDownloadsForUsers: with it on, only admins download; everyone still plays and reads. */
let t: TestApp;
const as: Record<string, Record<string, string>> = { anonymous: {} };
let video = 0;
let apk = 0;
let videoFile = '';

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.db;
  const owner = await createUser(t.app, 'rosa', 'clave-rosa');
  await createUser(t.app, 'jefa', 'clave-jefa', { admin: true });
  for (const [name, password] of [['rosa', 'clave-rosa'], ['jefa', 'clave-jefa']] as const) {
    as[name] = { authorization: `Bearer ${(await login(t.app, name, password)).token}` };
  }
  const videoSha = addMedia(db, t.dataDir, patternBytes(4000), 'mp4', 'video/mp4');
  videoFile = `${videoSha}.mp4`;
  video = addResource(db, { title: 'Siembra de papa', type: 3, user: owner, media: videoSha });
  apk = addResource(db, { title: 'Calculadora', type: 5, user: owner, media: addMedia(db, t.dataDir, patternBytes(3000, 4), 'apk', 'application/vnd.android.package-archive') });
});
afterAll(() => t.close());

const get = (url: string, who: string) => t.app.inject({ url, headers: as[who] });
const detail = async (who: string) => (await get(`/api/v2/resource/${video}`, who)).json() as { downloadUrl: string | null; fileName: string | null };
const appEntry = async (who: string) =>
  ((await get('/api/v2/apps', who)).json() as { data: { id: number; downloadUrl: string | null; downloadsOff: boolean }[] }).data.find((a) => a.id === apk);

describe('appDenyDownloadsForUsers', () => {
  it('off: everyone gets the download links and the attachment', async () => {
    writeSettings(t.app.db, { appDenyDownloadsForUsers: false });
    for (const who of ['anonymous', 'rosa']) {
      expect((await detail(who)).downloadUrl).toBe(`/api/v2/resource/${video}/media?download=1`);
      expect(await appEntry(who)).toMatchObject({ downloadUrl: `/api/v2/resource/${apk}/media?download=1`, downloadsOff: false });
      expect((await get(`/api/v2/resource/${video}/media?download=1`, who)).statusCode).toBe(200);
    }
  });

  it('on: users and visitors lose the links (apps say downloads are off) and get 403 DOWNLOADS_DISABLED, but still play the file', async () => {
    writeSettings(t.app.db, { appDenyDownloadsForUsers: true });
    const downloadsBefore = (t.app.db.prepare('SELECT downloads FROM resources WHERE id = ?').get(video) as { downloads: number }).downloads;
    for (const who of ['anonymous', 'rosa']) {
      expect(await detail(who)).toMatchObject({ downloadUrl: null, fileName: null });
      expect(await appEntry(who)).toMatchObject({ downloadUrl: null, downloadsOff: true });
      for (const url of [`/api/v2/resource/${video}/media?download=1`, `/api/media/${videoFile}?download=1`]) {
        const refused = await get(url, who);
        expect(refused.statusCode).toBe(403);
        expect(refused.json().error).toMatchObject({ code: 'DOWNLOADS_DISABLED', message: 'Las descargas están desactivadas en este kit' });
      }
      expect((await get(`/api/v2/resource/${video}/media`, who)).statusCode).toBe(200);
      expect((await t.app.inject({ url: `/api/media/${videoFile}`, headers: { ...as[who], range: 'bytes=0-99' } })).statusCode).toBe(206);
    }
    const downloadsAfter = (t.app.db.prepare('SELECT downloads FROM resources WHERE id = ?').get(video) as { downloads: number }).downloads;
    expect(downloadsAfter).toBe(downloadsBefore);
  });

  it('on: admins still download', async () => {
    writeSettings(t.app.db, { appDenyDownloadsForUsers: true });
    expect((await detail('jefa')).downloadUrl).not.toBeNull();
    expect(await appEntry('jefa')).toMatchObject({ downloadUrl: `/api/v2/resource/${apk}/media?download=1`, downloadsOff: false });
    expect((await get(`/api/v2/resource/${video}/media?download=1`, 'jefa')).statusCode).toBe(200);
  });
});
