import path from 'node:path';
import { test as base, expect, type Page } from '@playwright/test';
import { wifiKit, cleanupWifiKits, type WifiKit } from '../../server/test/kit/wifi-kit.ts';
import { logInAsAdmin } from './helpers/admin-login.ts';
import { kitScripts, type KitScripts } from './helpers/kit-scripts.ts';
import { kitWlan, type KitWlan } from './helpers/kit-wlan.ts';
import { startServer, type RunningServer } from './helpers/server.ts';

/*
 * The "Red Wi-Fi" panel of /admin/device changing the kit's network, with its
 * way back (docs/API-device.md, "Wi-Fi settings"). The kit is a real server in
 * a network namespace whose wlan0 the browser reaches it through
 * (helpers/kit-wlan.ts), so «Conservar» is judged as on a kit: by the ARP
 * table on wlan0 and the radio's station list. The real scripts/kit-wifi and
 * its root helper change a temporary /etc/kit-portal written by the real first
 * boot; only systemd, hostapd and the radio are stand-ins
 * (server/test/kit/wifi-kit.ts), and the revert timer is a real process that
 * runs the helper when the time is up.
 */

/** Long enough to reconnect a phone by hand; the journeys wait it out only when nobody confirms. */
const CONFIRM_SECONDS = 30;

interface Kit extends RunningServer {
  wifi: WifiKit;
  wlan: KitWlan;
  scripts: KitScripts;
}

const test = base.extend<object, { kit: Kit }>({
  kit: [
    // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures a function uses from its first parameter's pattern
    async ({}, use) => {
      const scripts = kitScripts();
      const wifi = wifiKit();
      wifi.install(scripts.dir);
      const wlan = kitWlan(scripts.dir, path.join(wifi.root, 'fake/hostapd-state'));
      try {
        const server = await startServer(
          { KIT_IS_KIT: 'true', KIT_SCRIPTS_DIR: scripts.dir, KIT_HTTPS_PORT: '0', KIT_WIFI_CONFIRM_SECONDS: String(CONFIRM_SECONDS) },
          { prepare: wifi.useDataDir, host: wlan.kitAddress, launch: wlan.launch },
        );
        await use({ ...server, wifi, wlan, scripts });
        await server.stop();
      } finally {
        wifi.stopTimers();
        wlan.remove();
        scripts.remove();
        cleanupWifiKits();
      }
    },
    { scope: 'worker', timeout: 90_000 },
  ],
  baseURL: async ({ kit }, use) => use(kit.baseUrl),
});

test.describe.configure({ mode: 'serial' });

const panel = (page: Page) => page.getByRole('region', { name: 'Red Wi-Fi' });
const form = (page: Page) => page.getByRole('form', { name: 'Ajustes de la red' });

async function openWifiPanel(page: Page, kit: Kit, ssid: string): Promise<void> {
  await logInAsAdmin(page, page.context(), kit);
  await page.goto('/admin/device');
  await expect(form(page).getByLabel('Nombre de la red')).toHaveValue(ssid);
}

test('an admin changes name, password and channel: the steps first, then the countdown, and «Conservar» from the new network keeps it', async ({ page, kit }) => {
  test.setTimeout(120_000);
  await openWifiPanel(page, kit, 'Biblioteca-Aldea');
  const settings = form(page);
  await expect(settings.getByLabel('País')).toHaveValue('PE');
  await expect(settings.getByLabel('Seguridad')).toHaveValue('wpa2');

  // An open network is warned about before anything is sent.
  await settings.getByLabel('Seguridad').selectOption('open');
  await expect(settings).toContainText('cualquiera cerca del kit podrá conectarse sin contraseña');
  await settings.getByLabel('Seguridad').selectOption('wpa2');
  await expect(settings).not.toContainText('cualquiera cerca del kit');

  // A short password: the kit refuses it under its field, in Spanish, and applies nothing.
  await settings.getByLabel('Nombre de la red').fill('Biblioteca Ñuñoa');
  await settings.getByLabel(/^Contraseña/).fill('corta');
  await settings.getByRole('button', { name: 'Aplicar cambios' }).click();
  await page.getByRole('dialog', { name: '¿Cambiar la red Wi-Fi?' }).getByRole('button', { name: 'Aplicar', exact: true }).click();
  await expect(settings.getByRole('alert')).toContainText(/contraseña/i);
  await expect(settings.getByLabel(/^Contraseña/)).toHaveAttribute('aria-invalid', 'true');
  expect(kit.wifi.calls('systemctl')).toEqual([]);

  await settings.getByLabel(/^Contraseña/).fill('clave nueva 2026');
  await settings.getByLabel('Canal').selectOption('11');
  await settings.getByRole('button', { name: 'Aplicar cambios' }).click();
  // Before applying: exactly how to keep it, and what happens otherwise.
  const dialog = page.getByRole('dialog', { name: '¿Cambiar la red Wi-Fi?' });
  const steps = dialog.getByTestId('wifi-steps').getByRole('listitem');
  await expect(steps).toHaveText([
    'Conecta este teléfono a la red «Biblioteca Ñuñoa» con la contraseña nueva.',
    `Vuelve a abrir el portal: ${kit.baseUrl}/admin/device`,
    'Pulsa «Conservar» antes de 0 min 30 s.',
  ]);
  await expect(dialog).toContainText('el kit volverá solo a la red «Biblioteca-Aldea»');
  await dialog.getByRole('button', { name: 'Aplicar', exact: true }).click();

  // The helper switched the access point; the page counts down from the kit's clock.
  const pending = panel(page).getByTestId('wifi-pending');
  await expect(pending).toContainText('La red «Biblioteca Ñuñoa» está encendida', { timeout: 30_000 });
  await expect(pending.getByRole('timer')).toHaveText(/Se deshace sola en 0:[0-2]\d/);
  await expect(pending).toContainText('Si no, el kit vuelve a la red «Biblioteca-Aldea»');
  expect(kit.wifi.etc('hostapd.conf')).toContain('ssid=Biblioteca Ñuñoa');

  // This browser is on the kit's wlan0 and "associated" since the restart: the kit keeps the change.
  await pending.getByRole('button', { name: 'Conservar' }).click();
  await expect(page.getByText('Red Wi-Fi conservada')).toBeVisible();
  await expect(panel(page).getByTestId('wifi-last-change')).toContainText('El último cambio de la red Wi-Fi se conservó.');
  await expect(pending).toBeHidden();
  await expect(settings.getByLabel('Nombre de la red')).toHaveValue('Biblioteca Ñuñoa');
  await expect(settings.getByLabel('Canal')).toHaveValue('11');
  expect(kit.wifi.timers()).toEqual([]);
  expect(kit.wifi.helperLog()).toMatch(/confirmado por el administrador \d+/);
  const conf = kit.wifi.etc('hostapd.conf') ?? '';
  expect(conf).toContain('wpa_passphrase=clave nueva 2026');
  expect(conf).toContain('channel=11');
});

test('a change nobody keeps is undone by itself when the countdown ends, and the page says so', async ({ page, kit }) => {
  test.setTimeout(180_000);
  await openWifiPanel(page, kit, 'Biblioteca Ñuñoa');
  const settings = form(page);
  await settings.getByLabel('Nombre de la red').fill('Biblioteca Prueba');
  await settings.getByLabel('Teléfonos a la vez').fill('12');
  await expect(settings).toContainText('Más de 10 teléfonos a la vez');
  await settings.getByRole('button', { name: 'Aplicar cambios' }).click();
  const dialog = page.getByRole('dialog', { name: '¿Cambiar la red Wi-Fi?' });
  await expect(dialog.getByTestId('wifi-steps')).toContainText('con la contraseña de siempre');
  await dialog.getByRole('button', { name: 'Aplicar', exact: true }).click();

  const pending = panel(page).getByTestId('wifi-pending');
  await expect(pending).toContainText('La red «Biblioteca Prueba» está encendida', { timeout: 30_000 });
  await expect(pending.getByRole('timer')).toHaveText(/Se deshace sola en 0:[0-2]\d/);
  expect(kit.wifi.etc('hostapd.conf')).toContain('ssid=Biblioteca Prueba');

  // Nobody presses «Conservar»: the kit's timer puts the kept network back.
  await expect(panel(page).getByTestId('wifi-last-change')).toContainText('El último cambio de la red Wi-Fi se deshizo.', { timeout: (CONFIRM_SECONDS + 90) * 1000 });
  await expect(panel(page).getByTestId('wifi-last-change')).toContainText('Nadie pulsó «Conservar»');
  await expect(pending).toBeHidden();
  await expect(settings.getByLabel('Nombre de la red')).toHaveValue('Biblioteca Ñuñoa');
  await expect(settings.getByLabel('Teléfonos a la vez')).toHaveValue('10');
  expect(kit.wifi.etc('hostapd.conf')).toContain('ssid=Biblioteca Ñuñoa');
  expect(kit.wifi.helperLog()).toMatch(/cambio [0-9a-f]{16} del administrador \d+ deshecho: Nadie pulsó «Conservar»/);
});
