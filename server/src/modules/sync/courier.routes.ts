import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { CourierAnswerBodySchema, CourierAnswerTakenSchema, CourierReportSchema, ErrorResponses } from '@kit/contract';
import { reloadHttps } from '../device/https.plugin.ts';
import type { KitCertificatesContext } from './certificates-kit.ts';
import { courierHubUrl, reportToCarry, takeCarriedAnswer } from './courier.ts';
import { loadOrCreateKitKey } from './sync-keys.ts';

/**
 * /api/v2/sync/courier: what phones carry between the kit and its hub
 * (docs/SYNC.md, "Carried by phones"). Anyone may call it, without a
 * session: it hands out and takes only public, signed envelopes. Posting is
 * rate-limited per address (plugins/write-rates.ts).
 */
export const courierRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const { config, db } = app;
  const ctx: KitCertificatesContext = {
    db,
    dataDir: config.dataDir,
    key: loadOrCreateKitKey(config.dataDir),
    kitName: config.kitHostname,
    log: app.log,
    onCertificateInstalled: () => reloadHttps(app),
    acmeCaFile: config.acmeCaFile,
    clock: app.kitClock,
  };

  app.get('/v2/sync/courier', { config: { credentialless: true }, schema: { response: { 200: CourierReportSchema, ...ErrorResponses } } }, async (request, reply) => {
    void reply.header('cache-control', 'no-store');
    return reportToCarry(ctx, courierHubUrl(db, config), request.ip);
  });

  app.post(
    '/v2/sync/courier',
    { bodyLimit: 128 * 1024, config: { credentialless: true }, schema: { body: CourierAnswerBodySchema, response: { 200: CourierAnswerTakenSchema, ...ErrorResponses } } },
    async (request, reply) => {
      void reply.header('cache-control', 'no-store');
      const taken = await takeCarriedAnswer(ctx, request.body, request.ip);
      request.log.info({ state: taken.state }, 'certificados: respuesta del centro traída por un teléfono');
      return taken;
    },
  );
};
