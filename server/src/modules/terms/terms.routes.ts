import { createHash } from 'node:crypto';
import { TERMS_PDF_PATH } from '@kit/contract';
import type { FastifyInstance } from 'fastify';
import { fileAnswerHeaders } from '../../media/serve.ts';
import { termsPdf } from './terms-pdf.ts';

/**
 * GET /pdf/tyc-uayki.pdf (SPEC §7 static files): the terms and conditions,
 * built once at start from the text the modal shows. A root path, registered
 * before the web app's fallback.
 */
export async function termsRoutes(app: FastifyInstance): Promise<void> {
  const pdf = termsPdf();
  const etag = `"${createHash('sha256').update(pdf).digest('hex').slice(0, 32)}"`;

  // Fastify answers HEAD from this GET route.
  app.get(TERMS_PDF_PATH, { schema: { hide: true } }, async (request, reply) => {
    void fileAnswerHeaders(reply).header('ETag', etag).header('Cache-Control', 'public, max-age=86400');
    if (request.headers['if-none-match'] === etag) return reply.code(304).send();
    return reply.type('application/pdf').header('Content-Disposition', 'inline; filename="tyc-uayki.pdf"').send(pdf);
  });
}
