import { createHash } from 'node:crypto';
import type { AppPackageInfo, Package, PackageList } from '@kit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { APK_BYTES, makeViewers, multipartFile, PNG_BYTES, ZIP_BYTES, type Viewers } from '../../../test/portal-helpers.ts';

let t: TestApp;
let viewers: Viewers;

beforeAll(async () => {
  t = await buildTestApp();
  viewers = await makeViewers(t.app);
}, 60_000);
afterAll(async () => t.close());

function upload(url: string, headers: Record<string, string>, bytes: Buffer, fileName: string) {
  const body = multipartFile(bytes, fileName);
  return t.app.inject({ method: 'POST', url, headers: { ...headers, ...body.headers }, payload: body.payload });
}
const info = async () => ((await t.app.inject({ method: 'GET', url: '/api/v2/extra/app-package' })).json() as AppPackageInfo).package;

describe('the mobile app package (/extra/download)', () => {
  it('is absent until an admin uploads one', async () => {
    expect(await info()).toBeNull();
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/extra/app-package/file' });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('PACKAGE_NOT_FOUND');
  });

  it('is uploaded by admins only', async () => {
    expect((await upload('/api/v2/admin/extra/app-package', viewers.anonymous, APK_BYTES, 'app.apk')).statusCode).toBe(401);
    expect((await upload('/api/v2/admin/extra/app-package', viewers.user, APK_BYTES, 'app.apk')).statusCode).toBe(403);
    expect(await info()).toBeNull();
  });

  it('refuses what is not an Android package or a zip, whatever its name', async () => {
    const res = await upload('/api/v2/admin/extra/app-package', viewers.admin, PNG_BYTES, 'app.apk');
    expect(res.statusCode).toBe(415);
    expect(res.json().error.code).toBe('PACKAGE_NOT_ALLOWED');
  });

  it('serves the uploaded package with its size as an attachment, counting downloads', async () => {
    const res = await upload('/api/v2/admin/extra/app-package?name=Uayki&version=2.3.1', viewers.admin, APK_BYTES, 'uayki-release.apk');
    expect(res.statusCode).toBe(201);
    const pkg = res.json() as Package;
    expect(pkg).toMatchObject({ name: 'Uayki', version: '2.3.1', size: APK_BYTES.length, fileName: 'Uayki 2.3.1.apk', downloadUrl: '/api/v2/extra/app-package/file' });
    expect(await info()).toEqual(pkg);

    const file = await t.app.inject({ method: 'GET', url: pkg.downloadUrl });
    expect(file.statusCode).toBe(200);
    // A download, never a page: a neutral type the browser may not second-guess, and no script could run.
    expect(file.headers['content-type']).toBe('application/octet-stream');
    expect(file.headers['content-disposition']).toContain('attachment; filename="Uayki 2.3.1.apk"');
    expect(file.headers['x-content-type-options']).toBe('nosniff');
    expect(file.headers['content-security-policy']).toMatch(/^sandbox allow-same-origin; default-src 'none'/);
    expect(file.rawPayload.equals(APK_BYTES)).toBe(true);
    const downloads = t.app.db.prepare<[number], { downloads: number }>('SELECT downloads FROM download_packages WHERE id = ?').get(pkg.id);
    expect(downloads?.downloads).toBe(1);
  });

  it('replaces the package with a new upload, and removes it', async () => {
    const first = await info();
    // What the zip holds says apk or zip, never its name.
    const zip = await upload('/api/v2/admin/extra/app-package?version=2.4', viewers.admin, ZIP_BYTES, 'paquete.apk');
    expect(zip.json()).toMatchObject({ name: 'Aplicación del portal', fileName: 'Aplicación del portal 2.4.zip' });
    const apk = await upload('/api/v2/admin/extra/app-package?version=2.5', viewers.admin, APK_BYTES, 'paquete.zip');
    expect(apk.json()).toMatchObject({ fileName: 'Aplicación del portal 2.5.apk' });
    expect((await info())?.id).not.toBe(first?.id);
    expect(t.app.db.prepare("SELECT count(*) AS n FROM download_packages WHERE kind = 'app'").get()).toEqual({ n: 1 });
    expect((await t.app.inject({ method: 'DELETE', url: '/api/v2/admin/extra/app-package', headers: viewers.admin })).statusCode).toBe(204);
    expect(await info()).toBeNull();
  });
});

describe('browsers for old phones (/extra/download-browser)', () => {
  it('lists what admins upload, and serves each one', async () => {
    expect((await upload('/api/v2/admin/extra/browsers?name=Firefox', viewers.user, APK_BYTES, 'f.apk')).statusCode).toBe(403);
    const firefox = await upload('/api/v2/admin/extra/browsers?name=Firefox%20para%20Android&version=68.12&notes=Android%204.1%20o%20m%C3%A1s', viewers.admin, APK_BYTES, 'firefox.apk');
    expect(firefox.statusCode).toBe(201);
    const windows = await upload('/api/v2/admin/extra/browsers?name=Firefox%20ESR%20para%20Windows', viewers.admin, Buffer.concat([Buffer.from('MZ'), Buffer.alloc(100)]), 'setup.exe');
    expect(windows.json()).toMatchObject({ fileName: 'Firefox ESR para Windows.exe' });

    const listed = (await t.app.inject({ method: 'GET', url: '/api/v2/extra/browsers' })).json() as PackageList;
    expect(listed.data.map((p) => p.name)).toEqual(['Firefox ESR para Windows', 'Firefox para Android']);
    expect(listed.data[1]).toMatchObject({ version: '68.12', notes: 'Android 4.1 o más' });
    const file = await t.app.inject({ method: 'GET', url: listed.data[1]?.downloadUrl ?? '' });
    expect(file.rawPayload.equals(APK_BYTES)).toBe(true);
  });

  it('needs a name, and deletes by admins only', async () => {
    expect((await upload('/api/v2/admin/extra/browsers', viewers.admin, APK_BYTES, 'f.apk')).statusCode).toBe(400);
    const id = ((await t.app.inject({ method: 'GET', url: '/api/v2/extra/browsers' })).json() as PackageList).data[0]?.id;
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v2/admin/extra/browsers/${id}`, headers: viewers.user })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v2/admin/extra/browsers/${id}`, headers: viewers.admin })).statusCode).toBe(204);
    expect((await t.app.inject({ method: 'GET', url: `/api/v2/extra/browsers/${id}/file` })).statusCode).toBe(404);
  });
});

describe('GET /extra/download-browser for a browser too old to run the app', () => {
  const OLD_ANDROID = 'Mozilla/5.0 (Linux; Android 4.4.2; SM-G350M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/30.0.0.0 Mobile Safari/537.36';

  it('is plain HTML without scripts, listing the browsers with their download links', async () => {
    await upload('/api/v2/admin/extra/browsers?name=Firefox%20%3Cbeta%3E&version=68', viewers.admin, APK_BYTES, 'f.apk');
    const res = await t.app.inject({ method: 'GET', url: '/extra/download-browser', headers: { 'user-agent': OLD_ANDROID } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.body).toContain('<h1>Tu navegador es muy antiguo</h1>');
    expect(res.body).toContain('Firefox &lt;beta&gt; 68');
    expect(res.body).toMatch(new RegExp(`<a href="/api/v2/extra/browsers/\\d+/file">Descargar \\(${(APK_BYTES.length / 1024).toFixed(1).replace('.', '\\.')} KB\\)</a>`));
    expect(res.body).not.toContain('<script');
    // Its one inline style is allowed by its hash, and nothing else inline (old browsers that know no hashes take 'unsafe-inline').
    const style = /<style>(.*)<\/style>/.exec(res.body)?.[1] ?? '';
    const hash = createHash('sha256').update(style).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`style-src 'self' 'unsafe-inline' 'sha256-${hash}'`);
    expect(res.headers['content-security-policy']).toContain("script-src 'self'");
  });

  it('leaves a current browser to the app (here without a web build: the 404 object)', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/extra/download-browser', headers: { 'user-agent': 'Mozilla/5.0 (Linux; Android 13) Chrome/120.0 Mobile Safari/537.36' } });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe('ROUTE_NOT_FOUND');
  });
});
