import fs from 'node:fs';
import fastifyStatic from '@fastify/static';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { EnrolmentAnswerSchema, EnrolmentBodySchema, ErrorResponses, HubReportBodySchema, HubReportStoredSchema } from '@kit/contract';
import type { FastifyReply } from 'fastify';
import { Type } from 'typebox';
import { fileAnswerHeaders } from '../../media/serve.ts';
import { receiveReport } from './hub-report.ts';
import { redeemEnrolment } from './enrolment-hub.ts';
import { FEED_NAME, hubDir } from './hub-feed.ts';
import { loadOrCreateKitKey } from './sync-keys.ts';

/**
 * This kit as a hub: its published feed and packs as plain static files under
 * /hub/ (ranges supported, so kits resume cut downloads), exactly what any
 * other web server would serve from <KIT_DATA_DIR>/hub/.
 */
export const hubStaticRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const root = hubDir(app.config.dataDir);
  fs.mkdirSync(root, { recursive: true });
  await app.register(fastifyStatic, {
    root,
    prefix: '/hub/',
    decorateReply: false,
    index: false,
    dotfiles: 'deny',
    cacheControl: false,
    setHeaders: (reply: FastifyReply, file: string) =>
      fileAnswerHeaders(reply).header('Cache-Control', file.endsWith(FEED_NAME) ? 'no-cache' : 'public, max-age=31536000, immutable'),
  });
};

/** Any page may post a report across origins (a phone carrying one, docs/SYNC.md): no credentials, so none are allowed. */
const CORS_HEADERS = {
  'access-control-allow-origin': '*',
  'access-control-allow-methods': 'POST',
  'access-control-allow-headers': 'content-type',
  'access-control-max-age': '86400',
};

/**
 * POST /api/v2/sync/reports: kits send their signed usage and moderation
 * reports (docs/SYNC.md), themselves or carried by phones from any origin;
 * rate-limited per address (plugins/write-rates.ts).
 */
export const hubReportRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const key = loadOrCreateKitKey(app.config.dataDir);
  // Every answer of these routes, refusals included, so a page reads the error's code.
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.headers(CORS_HEADERS);
    return payload;
  });
  app.options('/v2/sync/reports', { config: { credentialless: true }, schema: { response: { 204: Type.Null() } } }, async (_request, reply) => reply.code(204).send(null));
  app.post(
    '/v2/sync/reports',
    { bodyLimit: 9 * 1024 * 1024, config: { credentialless: true }, schema: { body: HubReportBodySchema, response: { 201: HubReportStoredSchema, ...ErrorResponses } } },
    async (request, reply) => {
      const result = await receiveReport({ db: app.db, key, certificates: app.hubCertificates }, request.body);
      request.log.info({ keyId: request.body.signature.keyId, stored: result.stored, certificate: result.certificate !== undefined }, 'centro: informe de un kit');
      return reply.code(201).send(result);
    },
  );

  // A kit's enrolment with a token (docs/SYNC.md, "Enrolment tokens"), before its first report; rate-limited with the reports.
  app.post(
    '/v2/sync/enrol',
    { bodyLimit: 16 * 1024, config: { credentialless: true }, schema: { body: EnrolmentBodySchema, response: { 201: EnrolmentAnswerSchema, ...ErrorResponses } } },
    async (request, reply) => {
      const answer = redeemEnrolment(app.db, { key, domain: app.hubCertificates?.domain ?? null }, request.body);
      request.log.info({ keyId: request.body.signature.keyId }, 'centro: kit inscrito con un código');
      return reply.code(201).send(answer);
    },
  );
};
