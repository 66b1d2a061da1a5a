import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, request, test, type APIRequestContext } from '@playwright/test';
import { makeClip } from '../../server/test/media-maker.ts';
import { logInAsAdmin } from './helpers/admin-login.ts';
import { OfflinePage } from './pages/offline.page.ts';
import { ResourcePage } from './pages/resource.page.ts';

/*
 * A phone's 1080p video, uploaded for real and prepared by the kit's own
 * queue and ffmpeg (docs/API-library.md "Phone copies"): its owner follows
 * the light copy being made on the resource page, then the player plays it,
 * the original on request, and saving for offline takes the light copy.
 */

// Two 1080p clips made and encoded on a machine other tests share.
test.describe.configure({ timeout: 240_000 });

let dir: string;
test.beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kit-e2e-renditions-'));
});
test.afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** A published video of the admin's, its file uploaded through the API. */
async function publishVideo(http: APIRequestContext, title: string, file: string): Promise<{ id: number; mediaUrl: string }> {
  const category = ((await (await http.get('/api/content/types?graph=false')).json()) as { data: { id: number }[] }).data[0]?.id;
  const draft = await http.post('/api/v2/resources', {
    data: { title, type: 3, author: 'Escuela del valle', source: 'Grabado en la chacra', license: 'CC BY 4.0', description: 'Cómo se siembra.', content_type_id: category, rights_declared: true },
  });
  expect(draft.ok(), await draft.text()).toBe(true);
  const { id } = (await draft.json()) as { id: number };
  const sent = await http.post(`/api/v2/resources/${id}/file`, { multipart: { file: { name: path.basename(file), mimeType: 'video/mp4', buffer: fs.readFileSync(file) } } });
  expect(sent.ok(), await sent.text()).toBe(true);
  const published = await http.post(`/api/v2/resources/${id}/submit`);
  expect(published.ok(), await published.text()).toBe(true);
  return { id, mediaUrl: ((await published.json()) as { mediaUrl: string }).mediaUrl };
}

test('the player plays the light copy once the kit made it, the original on request; saving takes the light copy', async ({ page, context }) => {
  const token = await logInAsAdmin(page, context);
  const http = await request.newContext({ baseURL: process.env.E2E_BASE_URL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  try {
    // One job at a time: the first video keeps the kit busy while the page of the second opens.
    await publishVideo(http, 'Primero en la cola', await makeClip(path.join(dir, 'primero.mp4'), { width: 1920, height: 1080, seconds: 3, bitrate: '12M' }));
    const video = await publishVideo(http, 'Siembra grabada con el teléfono', await makeClip(path.join(dir, 'telefono.mp4'), { width: 1920, height: 1080, seconds: 2, bitrate: '12M' }));

    const resource = new ResourcePage(page);
    await resource.goto(video.id);
    const notice = page.getByTestId('rendition-notice');
    await expect(notice).toContainText(/Preparando video para teléfonos… \d+ %|Video en espera para prepararse para teléfonos/);
    await expect(resource.video).toHaveAttribute('src', video.mediaUrl);

    // Done: the page switches to the light copy by itself, without a reload.
    await expect(notice).toBeHidden({ timeout: 180_000 });
    await expect(resource.video).not.toHaveAttribute('src', video.mediaUrl);
    const light = (await resource.video.getAttribute('src')) ?? '';
    expect(light).toMatch(/^\/api\/media\/[0-9a-f]{64}\.mp4$/);
    await expect.poll(() => resource.video.evaluate((v: HTMLVideoElement) => v.readyState)).toBeGreaterThanOrEqual(1);
    expect(await resource.video.evaluate((v: HTMLVideoElement) => Math.max(v.videoWidth, v.videoHeight))).toBeLessThanOrEqual(854);
    await expect(resource.video).toHaveAttribute('poster', /^\/api\/media\/[0-9a-f]{64}\.webp$/);

    // "Calidad original", with its size: the file as it was uploaded.
    await page.getByRole('button', { name: /^Calidad original \(\d/ }).click();
    await expect(resource.video).toHaveAttribute('src', video.mediaUrl);
    await expect.poll(() => resource.video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(1920);
    await page.getByRole('button', { name: /^Versión ligera para teléfonos \(/ }).click();
    await expect(resource.video).toHaveAttribute('src', light);

    // Saving for offline takes the light copy; the original is offered with its size.
    const offline = new OfflinePage(page);
    await expect(page.getByTestId('save-original')).toHaveText(/^Guardar el original \(\d/);
    await offline.save.click();
    await expect(offline.saved).toBeVisible();
    const cached = await page.evaluate(async (urls) => {
      const cache = await caches.open('kp-saved-media');
      return Promise.all(urls.map(async (url) => (await cache.match(url)) !== undefined));
    }, [light, video.mediaUrl]);
    expect(cached).toEqual([true, false]);
  } finally {
    await http.dispose();
  }
});
