import { buildApp } from './app.ts';
import { ConfigError, loadConfig } from './config.ts';
import { ensureAdminAccount } from './modules/auth/bootstrap-admin.ts';
import { startHttps } from './plugins/https.ts';
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
  // The second listener, on the same app, when a certificate is installed (docs/HTTPS.md).
  await startHttps(app);
  // Under systemd (kit-portal.service): ready now that the database is migrated and the port listens.
  startSystemdNotify({ log: app.log });
}

main().catch((error: unknown) => {
  // Before the logger exists, a bad configuration is reported plainly and stops the start.
  process.stderr.write(`${error instanceof ConfigError ? error.message : String((error as Error)?.stack ?? error)}\n`);
  process.exit(1);
});
