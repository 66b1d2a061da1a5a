import AxeBuilder from '@axe-core/playwright';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { expect, test, type BrowserContext, type Page } from '@playwright/test';
import { KitApi, signedInUser, type ApiUser } from './helpers/kit-api.ts';
import { logInAsAdmin } from './helpers/admin-login.ts';
import { approveAsAdmin, findMine, moderationOn } from './helpers/uploads-api.ts';
import { AdminResourcesPage } from './pages/moderation.page.ts';
import { SocialPanel } from './pages/social.page.ts';
import { UploadPage } from './pages/upload.page.ts';

/*
 * The upload pages in the browser: a user on a phone uploads a video in chunks,
 * the link drops part-way, the upload resumes from the server's offset and is
 * submitted; the admin approves it and it is in the library; a neighbour
 * comments, favourites, lists and reports it; the admin blocks it and it is
 * gone for everyone else.
 */

const VIDEO_BYTES = readFileSync(path.resolve(import.meta.dirname, '..', '..', 'fixtures', 'demo', 'media', 'video-cuidado-agua.mp4'));
/** Small chunks so the file takes several PATCHes (the client follows the server's chunkSize). */
const CHUNK = 64 * 1024;

/** A fresh user signed in to the browser, past the onboarding, whose pages get CHUNK as the server's chunk size. */
async function signedInUploader(context: BrowserContext): Promise<ApiUser> {
  const kit = await KitApi.open();
  try {
    const user = await signedInUser(kit, context, 'subida');
    await smallChunks(context);
    return user;
  } finally {
    await kit.close();
  }
}

/** The server's suggested chunk size, answered as CHUNK to this browser only (the client follows it). */
async function smallChunks(context: BrowserContext): Promise<void> {
  await context.route('**/api/v2/uploads/config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...((await response.json()) as object), chunkSize: CHUNK } });
  });
}

/** Fills the publishing form with the demo video and a unique title. */
async function fillForm(upload: UploadPage, title: string): Promise<void> {
  await upload.file.setInputFiles({ name: 'cuidado-del-agua.mp4', mimeType: 'video/mp4', buffer: VIDEO_BYTES });
  await expect(upload.type).toHaveValue('3');
  await upload.title.fill(title);
  await upload.author.fill('Comunidad del kit');
  await upload.source.fill('Grabación propia');
  await upload.license.selectOption('Obra propia publicada bajo CC BY 4.0');
  await upload.description.fill('Cómo cuidar el agua en casa.\nSegunda línea.');
  await upload.category.selectOption({ index: 1 });
  await upload.rights.check();
}

const uniqueTitle = () => `Video de prueba ${randomBytes(4).toString('hex')}`;

/** Opens the publishing form, fills it with the demo video under a unique title and sends it. */
async function sendNewVideo(page: Page): Promise<{ upload: UploadPage; title: string }> {
  const upload = new UploadPage(page);
  await upload.open();
  const title = uniqueTitle();
  await fillForm(upload, title);
  await upload.send.click();
  return { upload, title };
}

test('a video uploaded over a cut link is approved, used by a neighbour, reported, and blocked out of the library', async ({ page, context, browser }) => {
  // the whole life of a contribution, on three phones of a shared 2-core machine
  test.setTimeout(180_000);
  const user = await signedInUploader(context);
  const moderated = await moderationOn();
  // The Wi-Fi drops after the first chunk arrived, until the test brings it back.
  let linkUp = true;
  let patches = 0;
  await page.route('**/api/uploads/*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    patches += 1;
    if (patches === 2) linkUp = false;
    return linkUp ? route.continue() : route.abort('internetdisconnected');
  });

  const { upload, title } = await sendNewVideo(page);

  // The cut: the progress bar stops at what the server holds and says why.
  await expect(upload.interrupted).toBeVisible();
  await expect(upload.progress).toContainText(/\d+ % · [\d.]+ KB de 246\.3 KB/);
  const stoppedAt = Number(await upload.progressBar.getAttribute('value'));
  expect(stoppedAt).toBeGreaterThanOrEqual(CHUNK);
  expect(stoppedAt).toBeLessThan(VIDEO_BYTES.length);

  // It retried by itself once (and now waits 2 s before the next try) while the link stays down.
  await expect.poll(() => patches).toBeGreaterThanOrEqual(3);
  await expect(upload.interrupted).toBeVisible();

  // The link comes back: "Reanudar" continues from the server's offset and the file is submitted.
  linkUp = true;
  await upload.resume.click();
  await expect(upload.result).toContainText(moderated ? 'está por aprobar' : 'fue publicado', { timeout: 30_000 });

  const mine = await findMine(user.token, title);
  expect(mine.mediaUrl).not.toBeNull();
  // "Generar la portada automáticamente": a frame of the video, made on the phone
  expect(mine.coverUrl).toMatch(/\.webp$/);
  expect(mine.status).toBe(moderated ? 'pending' : 'published');
  if (moderated) expect((await approveAsAdmin(mine.id)).status).toBe('published');

  // In the library: found by its title, and its page plays the video.
  await page.goto(`/search/res?q=${encodeURIComponent(title)}`);
  const card = page.getByRole('link', { name: new RegExp(title) }).first();
  await expect(card).toBeVisible();
  await card.click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page.getByRole('main').locator('video')).toBeVisible();
  const resourceUrl = new URL(page.url()).pathname;

  // A neighbour, on their own phone, comments, favourites, keeps it in a list and reports it.
  const kit = await KitApi.open();
  const neighbourPhone = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 360, height: 740 }, locale: 'es-PE' });
  const adminPhone = await browser.newContext({ baseURL: process.env.E2E_BASE_URL, viewport: { width: 360, height: 740 }, locale: 'es-PE' });
  try {
    const neighbour = await signedInUser(kit, neighbourPhone, 'vecina');
    const phone = await neighbourPhone.newPage();
    await phone.goto(resourceUrl);
    const social = new SocialPanel(phone);
    await social.comment('¡Muy claro, gracias!');
    await expect(social.sentComments.filter({ hasText: '¡Muy claro, gracias!' })).toHaveCount(1);
    await social.favorite.click();
    await expect(social.favorite).toHaveAttribute('aria-pressed', 'true');
    await expect.poll(() => kit.favoriteIds(neighbour.id)).toContain(mine.id);
    await social.addToList.click();
    await social.dialog.getByLabel('Nombre de la nueva lista').fill(`Agua ${title}`);
    await social.dialog.getByRole('button', { name: 'Crear lista y añadir' }).click();
    await expect(social.dialog.getByTestId('list-row').filter({ hasText: `Agua ${title}` })).toBeVisible();
    await social.dialog.getByRole('button', { name: 'Cerrar' }).click();
    await social.report.click();
    await social.dialog.getByLabel('Motivo del reporte').fill('Muestra la casa de un vecino');
    await social.dialog.getByRole('button', { name: 'Enviar reporte' }).click();
    await expect(social.dialog).toBeHidden();

    // The admin reads the report and blocks the video.
    const adminPage = await adminPhone.newPage();
    await logInAsAdmin(adminPage, adminPhone);
    const moderation = new AdminResourcesPage(adminPage);
    await moderation.goto('reports', title);
    await expect(moderation.row(title)).toContainText('Muestra la casa de un vecino');
    await moderation.act(title, 'Bloquear', 'Datos personales de un vecino');
    await expect(moderation.state(title)).toHaveText('Bloqueado');

    // Gone for the neighbour: not found by search, its page is the 404.
    await phone.goto(`/search/res?q=${encodeURIComponent(title)}`);
    await expect(phone.getByRole('main').getByRole('link', { name: new RegExp(title) })).toHaveCount(0);
    await phone.goto(resourceUrl);
    await expect(phone.getByRole('heading', { name: /^Error 404/ })).toBeVisible();
    expect(await kit.favoriteIds(neighbour.id)).not.toContain(mine.id);
  } finally {
    await Promise.all([neighbourPhone.close(), adminPhone.close(), kit.close()]);
  }
});

test('a phone that forgot everything continues the unfinished upload from /upload/draft, from the server\'s offset', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signedInUploader(context);
  // Two chunks arrive, then the link is gone for good on this tab.
  let patches = 0;
  await page.route('**/api/uploads/*', async (route) => {
    if (route.request().method() !== 'PATCH') return route.continue();
    patches += 1;
    return patches <= 2 ? route.continue() : route.abort('internetdisconnected');
  });
  const { upload, title } = await sendNewVideo(page);
  await expect(upload.interrupted).toBeVisible();
  await page.close();

  // A new tab: nothing of the old one is left but the session and what the server holds.
  const phone = await context.newPage();
  await phone.goto('/upload/draft');
  const item = phone.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('Subida sin terminar: 51 % · 128.0 KB de 246.3 KB');
  await item.getByRole('link', { name: 'Continuar' }).click();
  await expect(phone).toHaveURL(/\/upload\/draft\?id=\d+$/);
  const resumed = new UploadPage(phone);
  await expect(resumed.title).toHaveValue(title);
  await expect(phone.getByText(/quedó en 51 %. Elige otra vez el mismo archivo/)).toBeVisible();

  const offsets: string[] = [];
  await phone.route('**/api/uploads/*', async (route) => {
    if (route.request().method() === 'PATCH') offsets.push((await route.request().headerValue('upload-offset')) ?? '');
    await route.continue();
  });
  await resumed.file.setInputFiles({ name: 'cuidado-del-agua.mp4', mimeType: 'video/mp4', buffer: VIDEO_BYTES });
  await resumed.send.click();
  await expect(resumed.result).toBeVisible({ timeout: 30_000 });
  expect(offsets[0]).toBe(String(2 * CHUNK));
});

test('«Guardar borrador» keeps the chosen file: the draft lists it, and continuing it sends the resource without picking it again', async ({ page, context }) => {
  test.setTimeout(90_000);
  await signedInUploader(context);
  const upload = new UploadPage(page);
  await upload.open();
  const title = uniqueTitle();
  await fillForm(upload, title);
  await upload.saveDraft.click();
  await expect(page.getByText('Borrador guardado')).toBeVisible({ timeout: 30_000 });
  // the space meter counts the file that just arrived, without reopening the page
  await expect(page.getByTestId('upload-quota')).not.toContainText('Usas 0 B');

  await page.goto('/upload/draft');
  const item = page.getByRole('listitem').filter({ hasText: title });
  await expect(item).toContainText('cuidado-del-agua.mp4');
  await expect(item).not.toContainText('Sin archivo');
  await item.getByRole('link', { name: 'Continuar' }).click();
  const resumed = new UploadPage(page);
  await expect(resumed.title).toHaveValue(title);
  await expect(page.getByText('Archivo subido: cuidado-del-agua.mp4')).toBeVisible();
  await resumed.send.click();
  await expect(resumed.result).toBeVisible({ timeout: 30_000 });
});

test('an admin uploads from /admin/resources/upload, in the dashboard, and it is published at once', async ({ page, context }) => {
  test.setTimeout(90_000);
  await logInAsAdmin(page, context);
  await smallChunks(context);

  await page.goto('/admin/resources/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Subir recursos' })).toBeVisible();
  const upload = new UploadPage(page);
  const title = uniqueTitle();
  await fillForm(upload, title);
  // admins publish what they upload, whatever resource moderation says
  await expect(upload.send).toHaveText('Subir y publicar');
  await upload.send.click();
  await expect(upload.result).toContainText('Tu recurso fue publicado.', { timeout: 30_000 });
  await upload.result.getByRole('link', { name: 'Ver el recurso' }).click();
  await expect(page.getByRole('main').getByRole('heading', { level: 1 })).toHaveText(title);
});

/** axe-core's serious or critical violations of WCAG 2.1 AA on the page as it is now. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(' | ')}`);
}

test('the rights-free reminder and the publishing form, errors shown, have no serious accessibility violations', async ({ page, context }) => {
  await signedInUploader(context);
  await page.goto('/upload');
  await expect(page).toHaveURL(/\/upload\/ModalAlert$/);
  await expect(page.getByRole('dialog', { name: 'Antes de subir' })).toContainText('dominio público o libres de derechos');
  expect(await seriousViolations(page)).toEqual([]);

  const upload = new UploadPage(page);
  await upload.acceptRules.click();
  await expect(upload.file).toBeVisible();
  await upload.send.click();
  await expect(page.getByText('Debes declarar que el archivo es de dominio público o libre de derechos.')).toBeVisible();
  await expect(upload.title).toHaveAttribute('aria-invalid', 'true');
  expect(await seriousViolations(page)).toEqual([]);
});
