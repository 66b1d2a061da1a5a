import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  DeviceAcceptedSchema,
  DeviceCertificateBodySchema,
  DeviceCertificateResultSchema,
  DeviceClockBodySchema,
  DeviceClockResultSchema,
  DeviceHotspotBodySchema,
  DevicePowerBodySchema,
  DeviceStatusSchema,
  ErrorResponses,
  PEM_MAX,
} from '@kit/contract';
import type { FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';
import { requireAdmin } from '../../access/guards.ts';
import { reloadHttps } from './https.plugin.ts';
import { checkInstallable, kitNames, parseCertificatePair, writeCertificatePair } from './device.certificate.ts';
import { clockOf, DeviceController, type DeviceOptions } from './device.service.ts';
import { wifiRoutes } from './wifi.routes.ts';

/** The admin's id for the log line every action writes. */
const adminId = (request: FastifyRequest): number | undefined => request.viewer?.id;

/**
 * /api/v2/admin/device/…: the kit's status and its power, hotspot, clock,
 * HTTPS certificate and Wi-Fi settings (wifi.routes.ts) (docs/API-device.md). Every route: an admin not on the
 * denied list (checked first, in onRequest, before the body is even read),
 * and only on a kit (404 DEVICE_NOT_KIT elsewhere). Writes authenticated by
 * the cookie alone are refused cross-site by the auth plugin. Every action is
 * logged with the admin's id. Bodies are allow-listed words (TypeBox unions):
 * anything else is a 400 before any handler runs, so nothing is spawned.
 */
export const deviceRoutes: FastifyPluginAsyncTypebox<DeviceOptions> = async (app, options) => {
  const device = new DeviceController(app, options);

  app.addHook('onRequest', requireAdmin);
  app.addHook('onRequest', async () => {
    if (!app.config.isKit) throw new AppError('DEVICE_NOT_KIT');
  });
  await app.register(wifiRoutes, { device, delayMs: options.wifiDelayMs ?? 1_500 });

  app.get('/v2/admin/device/status', { schema: { response: { 200: DeviceStatusSchema, ...ErrorResponses } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return device.status();
  });

  // Answers first ("Apagando…"), then acts: kit-power runs once the answer has been sent.
  app.post('/v2/admin/device/power', { schema: { body: DevicePowerBodySchema, response: { 202: DeviceAcceptedSchema, ...ErrorResponses } } }, async (request, reply) => {
    const { action } = request.body;
    const { message, run } = device.acceptPower(action);
    request.log.info({ adminId: adminId(request), action }, 'dispositivo: acción de energía aceptada');
    reply.raw.once('finish', run);
    reply.raw.once('close', run);
    return reply.code(202).send({ message });
  });

  // `kit-hotspot on` may take up to 90 s: 202 now, the result in the status.
  app.post('/v2/admin/device/hotspot', { schema: { body: DeviceHotspotBodySchema, response: { 202: DeviceAcceptedSchema, ...ErrorResponses } } }, async (request, reply) => {
    const { state } = request.body;
    const message = device.switchHotspot(state, request.log);
    request.log.info({ adminId: adminId(request), action: `hotspot-${state}` }, 'dispositivo: red Wi-Fi');
    return reply.code(202).send({ message });
  });

  // The Pi has no clock battery: the admin's phone gives the time, earlier or later (kit-clock.ts).
  app.put('/v2/admin/device/clock', { schema: { body: DeviceClockBodySchema, response: { 200: DeviceClockResultSchema, ...ErrorResponses } } }, async (request) => {
    const when = clockOf(request.body.now);
    request.log.info({ adminId: adminId(request), action: 'clock', to: when.toISOString(), from: new Date(app.kitClock.now()).toISOString() }, 'dispositivo: hora del kit');
    await app.kitClock.setByAdmin(when);
    return { now: new Date(app.kitClock.now()).toISOString(), message: 'Hora del kit actualizada' };
  });

  app.put(
    '/v2/admin/device/certificate',
    { bodyLimit: 4 * PEM_MAX, schema: { body: DeviceCertificateBodySchema, response: { 200: DeviceCertificateResultSchema, ...ErrorResponses } } },
    async (request) => {
      const pair = parseCertificatePair(request.body.cert, request.body.key);
      const certificate = checkInstallable(pair, kitNames(app.config.dataDir, app.config.kitHostname), app.config.acmeCaFile, app.kitClock.now());
      await writeCertificatePair(app.config.dataDir, pair);
      request.log.info({ adminId: adminId(request), action: 'certificate', names: certificate.names, validTo: certificate.validTo }, 'dispositivo: certificado HTTPS instalado');
      // Served from now on: the listener swaps its certificate, or opens.
      await reloadHttps(app);
      const restartRequired = app.httpsState.served?.fingerprint256 !== certificate.fingerprint256;
      return {
        message: restartRequired ? 'Certificado instalado. Se usará después de reiniciar el kit.' : 'Certificado instalado y en uso.',
        certificate,
        restartRequired,
      };
    },
  );
};
