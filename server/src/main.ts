import { flushCompileCache } from 'node:module';
import type { AddressInfo } from 'node:net';
import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { HIGHLIGHT } from './logging.ts';
import { ensureAdminAccount } from './modules/auth/bootstrap-admin.ts';
import { startHttps } from './modules/device/https.plugin.ts';
import { startSystemdNotify } from './plugins/systemd-notify.ts';
import { seedDemoIfEmpty } from './seed/demo.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({ config });
  await ensureAdminAccount(app.db, config.adminPassword, app.log);
  if (config.seedDemo) await seedDemoIfEmpty(app.db, config.dataDir, app.log);

  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info({ signal }, 'cerrando');
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(HIGHLIGHT, whereToOpen(app.addresses()));
  // The second listener, on the same app, when a certificate is installed (docs/HTTPS.md).
  await startHttps(app);
  // Under systemd (kit-portal.service): ready now that the database is migrated and the port listens.
  startSystemdNotify({ log: app.log });
  // With NODE_COMPILE_CACHE set (the kit's unit, the tests), the code compiled so far (TypeScript
  // stripped and V8's code cache) is written now, not at a clean exit: a kit that loses power
  // still starts faster next time. Without it, this does nothing.
  flushCompileCache();
}

/** The address a person opens first (this machine's own), then the ones a phone on the same network can use. */
function whereToOpen(addresses: readonly (AddressInfo | string)[]): string {
  const urls = addresses
    .filter((a): a is AddressInfo => typeof a !== 'string' && a.family === 'IPv4')
    .map((a) => ({ local: a.address.startsWith('127.'), url: `http://${a.address.startsWith('127.') ? 'localhost' : a.address}:${a.port}/menu` }))
    .sort((a, b) => Number(b.local) - Number(a.local));
  const [first, ...others] = urls.map((u) => u.url);
  if (first === undefined) return 'Abre el portal en la dirección de este equipo';
  return `Abre el portal en ${first}${others.length > 0 ? ` (desde un teléfono en la misma red: ${others.join(', ')})` : ''}`;
}

main().catch((error: unknown) => {
  // Before the logger exists, a bad configuration is reported plainly and stops the start.
  process.stderr.write(`${error instanceof ConfigError ? error.message : String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
