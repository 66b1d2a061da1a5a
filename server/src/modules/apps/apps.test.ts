import type { AppPage } from '@kit/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { addCategory, addMedia, addResource } from '../../../test/library-fixtures.ts';
import { APK_BYTES, PNG_BYTES } from '../../../test/portal-helpers.ts';

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  const db = t.app.db;
  const apk = addMedia(db, t.dataDir, APK_BYTES, 'apk', 'application/vnd.android.package-archive');
  const icon = addMedia(db, t.dataDir, PNG_BYTES, 'png', 'image/png');
  const hidden = addCategory(db, 'Oculta', { hidden: true });
  addResource(db, { title: 'Calculadora de semillas', type: 5, media: apk, cover: icon, appVersion: '1.2.0', description: 'Calcula cuánta semilla necesitas por surco.' });
  addResource(db, { title: 'Aprende a leer jugando', type: 5, media: apk, appVersion: null });
  addResource(db, { title: 'Borrador de app', type: 5, status: 'pending', media: apk });
  addResource(db, { title: 'App en categoría oculta', type: 5, category: hidden, media: apk });
  addResource(db, { title: 'Guía de lavado de manos', type: 2 });
});
afterAll(async () => t.close());

describe('GET /api/v2/apps', () => {
  it('lists published apps by title with icon, size, version, description and a counted download link', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/apps' });
    expect(res.statusCode).toBe(200);
    const page = res.json() as AppPage;
    expect(page.data.map((a) => a.title)).toEqual(['Aprende a leer jugando', 'Calculadora de semillas']);
    const calc = page.data[1];
    expect(calc).toMatchObject({ type: 5, app_version: '1.2.0', size: APK_BYTES.length, description: 'Calcula cuánta semilla necesitas por surco.' });
    expect(calc?.coverUrl).toMatch(/\.png$/);
    expect(calc?.downloadUrl).toBe(`/api/v2/resource/${calc?.id}/media?download=1`);
    expect(page.data[0]?.app_version).toBeNull();
  });
});
