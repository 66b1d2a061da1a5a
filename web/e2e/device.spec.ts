import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test as base, expect, type BrowserContext, type Page } from '@playwright/test';
import { kitScripts, type KitScripts } from './helpers/kit-scripts.ts';
import { startServer, type RunningServer } from './helpers/server.ts';
import { logInAsAdmin } from './helpers/admin-login.ts';

/*
 * /admin/device (docs/API-device.md) against a kit of its own: a second real server with
 * KIT_IS_KIT=true whose KIT_SCRIPTS_DIR holds stand-ins that record their
 * argv, so the journey proves which commands the page made the kit run.
 */

interface Kit extends RunningServer {
  scripts: KitScripts;
}

const test = base.extend<object, { kit: Kit }>({
  kit: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function uses from its first parameter's pattern
    async ({}, use) => {
      const scripts = kitScripts();
      const server = await startServer({ KIT_IS_KIT: 'true', KIT_SCRIPTS_DIR: scripts.dir, KIT_WIFI_SSID: 'Biblioteca-E2E', KIT_WIFI_MAX_PHONES: '12', KIT_HTTPS_PORT: '0' });
      await use({ ...server, scripts });
      await server.stop();
      scripts.remove();
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ kit }, use) => use(kit.baseUrl),
});

test.describe.configure({ mode: 'serial' });

async function openDevicePage(page: Page, context: BrowserContext, kit: Kit): Promise<void> {
  await logInAsAdmin(page, context, kit);
  // a phone: the side menu is a drawer; its device entry exists on a kit only
  await page.getByRole('button', { name: 'Abrir menú' }).click();
  await page.getByRole('link', { name: 'On/Off Kit' }).click();
  await expect(page).toHaveURL(/\/admin\/device$/);
  await expect(page.getByRole('heading', { level: 1, name: 'On/Off Kit' })).toBeVisible();
}

const confirm = async (page: Page, title: string, button: string) => {
  const dialog = page.getByRole('dialog', { name: title });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: button, exact: true }).click();
  await expect(dialog).toBeHidden();
};

test('status refreshes by itself; the Wi-Fi goes off and on after confirming; the kit takes the phone’s time', async ({ page, context, kit }) => {
  await openDevicePage(page, context, kit);
  await expect(page.getByTestId('device-ssid')).toContainText('Biblioteca-E2E');
  await expect(page.getByTestId('device-phones')).toContainText('de 12');
  await expect(page.getByTestId('device-hotspot')).toContainText('Encendida');
  await expect(page.getByTestId('device-uptime')).toContainText(/\d+ min/);
  await expect(page.getByTestId('device-disk')).toContainText('usados de');
  await expect(page.getByTestId('device-memory')).toContainText('usados de');
  await expect(page.getByTestId('certificate')).toContainText('No hay certificado instalado');
  // Read again while the page stays open, without any click.
  await page.waitForResponse((r) => new URL(r.url()).pathname === '/api/v2/admin/device/status', { timeout: 8_000 });

  await page.getByRole('button', { name: 'Apagar la red Wi-Fi' }).click();
  await expect(page.getByRole('dialog', { name: '¿Apagar la red Wi-Fi?' })).toContainText('se desconectarán');
  await confirm(page, '¿Apagar la red Wi-Fi?', 'Apagar la red');
  await expect(page.locator('.device-answer')).toHaveText('Apagando la red Wi-Fi del kit…');
  await expect(page.getByTestId('device-hotspot')).toContainText('Apagada');
  await expect(page.getByRole('button', { name: 'Apagar la red Wi-Fi' })).toBeDisabled();

  await page.getByRole('button', { name: 'Encender la red Wi-Fi' }).click();
  await confirm(page, '¿Encender la red Wi-Fi?', 'Encender');
  await expect(page.locator('.device-answer')).toHaveText('Encendiendo la red Wi-Fi del kit…');
  await expect(page.getByTestId('device-hotspot')).toContainText('Encendida');

  await page.getByRole('button', { name: 'Usar la hora de este teléfono' }).click();
  await expect(page.getByText('Hora del kit actualizada')).toBeVisible();
  // The admin confirmed the clock, and the change is listed under it.
  await expect(page.getByTestId('device-clock-confirmed')).toHaveText('Hora confirmada por un administrador desde el último arranque.');
  await expect(page.getByTestId('device-clock-changes')).toContainText('Un administrador de');

  const actions = kit.scripts.actions();
  expect(actions.slice(0, 2)).toEqual([
    ['kit-hotspot', 'off'],
    ['kit-hotspot', 'on'],
  ]);
  const [script, word, when] = actions[2] ?? [];
  expect([script, word]).toEqual(['kit-clock', 'set']);
  expect(when).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d UTC$/);
  expect(Math.abs(Date.parse(when!.replace(' UTC', 'Z').replace(' ', 'T')) - Date.now())).toBeLessThan(60_000);
  expect(actions).toHaveLength(3);
});

test('the app sends the phone’s time once when it starts, which the kit takes with no login (docs/API-device.md, the kit’s clock)', async ({ page }) => {
  const hint = page.waitForRequest((r) => new URL(r.url()).pathname === '/api/v2/clock/hint' && r.method() === 'POST');
  await page.goto('/menu');
  const request = await hint;
  expect(Math.abs(Date.parse((request.postDataJSON() as { now: string }).now) - Date.now())).toBeLessThan(60_000);
  expect((await request.response())?.status()).toBe(204);
});

test('a certificate and its key are installed from the page; its expiry shows, and that phones do not trust a self-signed one', async ({ page, context, kit }) => {
  const dir = mkdtempSync(path.join(tmpdir(), 'kit-e2e-cert-'));
  try {
    const [cert, key] = [path.join(dir, 'cert.pem'), path.join(dir, 'key.pem')];
    execFileSync('openssl', ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-keyout', key, '-out', cert, '-days', '30', '-subj', '/CN=portal.kit', '-addext', 'subjectAltName=DNS:portal.kit'], { stdio: 'pipe' });
    await openDevicePage(page, context, kit);
    await page.getByLabel('Certificado (PEM, con los intermedios después)').setInputFiles(cert);
    await page.getByLabel('Clave privada (PEM, sin contraseña)').setInputFiles(key);
    await page.getByRole('button', { name: 'Instalar certificado' }).click();
    await expect(page.getByText('Certificado instalado. Se usará después de reiniciar el kit.')).toBeVisible();
    const summary = page.getByTestId('certificate');
    await expect(summary).toContainText('Para: portal.kit');
    await expect(summary).toContainText(/Vence el \d\d\/\d\d\/\d{4} \(en (29|30) días\)/);
    await expect(summary).toContainText('Se usará después de reiniciar el kit.');
    // self-signed: said plainly that the villagers' phones will not be sent to it
    await expect(summary).toContainText('Autofirmado o de una autoridad propia: los teléfonos de los vecinos no lo reconocen, así que el kit no los envía a HTTPS');
    expect(readFileSync(path.join(kit.dataDir, 'tls', 'cert.pem'), 'utf8')).toContain('BEGIN CERTIFICATE');
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('power off can be called off; reboot runs after confirming, and the server’s answer shows first', async ({ page, context, kit }) => {
  await openDevicePage(page, context, kit);
  const before = kit.scripts.actions().length;
  await page.getByRole('button', { name: 'Apagar el kit' }).click();
  const off = page.getByRole('dialog', { name: '¿Apagar el kit?' });
  await expect(off).toContainText('La biblioteca dejará de funcionar para todos');
  await off.getByText('Cancelar', { exact: true }).click();
  await expect(off).toBeHidden();
  // Let a wrongly accepted power-off reach its script (the server waits 1.5 s): none may run.
  await page.waitForTimeout(2_500);
  expect(kit.scripts.actions().slice(before)).toEqual([]);

  await page.getByRole('button', { name: 'Reiniciar el kit' }).click();
  await confirm(page, '¿Reiniciar el kit?', 'Reiniciar');
  await expect(page.locator('.device-answer')).toHaveText('Reiniciando…');
  // The server runs kit-power once its answer has left (plus 1.5 s).
  await expect.poll(() => kit.scripts.actions().slice(before), { timeout: 10_000 }).toEqual([['kit-power', 'reboot']]);
  // One power action at a time: the buttons wait for the kit to go down.
  await expect(page.getByRole('button', { name: 'Apagar el kit' })).toBeDisabled();
});
