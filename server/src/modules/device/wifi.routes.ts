import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorResponses, WifiChangeAcceptedSchema, WifiConfirmedSchema, WifiSettingsBodySchema, WifiStateSchema } from '@kit/contract';
import type { DeviceController } from './device.service.ts';
import { WIFI_CHANGE_MESSAGE, WIFI_CONFIRMED_MESSAGE, WifiController } from './wifi.service.ts';

/**
 * /api/v2/admin/device/wifi: the kit's Wi-Fi settings (docs/API-device.md,
 * "Wi-Fi settings"). Registered inside deviceRoutes, so its guards hold here
 * too: an admin not on the denied list, on a kit only, cookie writes
 * same-origin. Every change and confirmation is logged with the admin's id.
 */
export const wifiRoutes: FastifyPluginAsyncTypebox<{ device: DeviceController; delayMs: number }> = async (app, { device, delayMs }) => {
  const wifi = new WifiController(app, device, device.paths, delayMs);
  device.alsoBusyWhen(() => wifi.applying);
  await wifi.removeLeftovers();

  app.get('/v2/admin/device/wifi', { schema: { response: { 200: WifiStateSchema, ...ErrorResponses } } }, async (_request, reply) => {
    void reply.header('cache-control', 'no-store');
    return wifi.state();
  });

  // 202 first: the hotspot restarts with the new settings once the answer has left, so the phone gets it before its Wi-Fi drops.
  app.put('/v2/admin/device/wifi', { schema: { body: WifiSettingsBodySchema, response: { 202: WifiChangeAcceptedSchema, ...ErrorResponses } } }, async (request, reply) => {
    const { pending, run } = await wifi.change(request.body, request.viewer!.id);
    reply.raw.once('finish', run);
    reply.raw.once('close', run);
    return reply.code(202).send({ message: WIFI_CHANGE_MESSAGE, pending });
  });

  app.post('/v2/admin/device/wifi/confirm', { schema: { response: { 200: WifiConfirmedSchema, ...ErrorResponses } } }, async (request) => {
    await wifi.confirm(request.ip, request.viewer!.id);
    return { message: WIFI_CONFIRMED_MESSAGE };
  });
};
