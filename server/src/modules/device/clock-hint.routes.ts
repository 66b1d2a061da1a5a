import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ClockHintBodySchema, ErrorResponses } from '@kit/contract';
import { Type } from 'typebox';
import { clockOf } from './device.service.ts';

/**
 * POST /api/v2/clock/hint: the phone's time, which the web app sends once
 * when it starts (docs/API-device.md "The kit's clock"). Anyone may send it
 * (it reveals nothing and changes nothing alone: kit-clock.ts needs phones
 * that agree); its rate per address is in plugins/write-rates.ts. Off a
 * kit it is taken and ignored.
 */
export const clockHintRoutes: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/v2/clock/hint', { schema: { body: ClockHintBodySchema, response: { 204: Type.Null(), ...ErrorResponses } } }, async (request, reply) => {
    await app.kitClock.hint(request.ip, clockOf(request.body.now));
    return reply.code(204).send(null);
  });
};
