import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { toLoggedAppError } from '../../plugins/error-handler.ts';
import { isNavigation } from '../captive/captive.service.ts';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What a reader sees in the frame instead of an article: the catalog's message and the way back to the library's main page. */
export function readerErrorPage(message: string, resourceId: number | null): string {
  const back = resourceId === null ? '' : `<p><a href="/zim/${resourceId}/">Ir a la portada de la biblioteca</a></p>`;
  return `<!DOCTYPE html>
<html lang="es">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(message)}</title>
<style>body{font:1rem/1.5 system-ui,sans-serif;margin:2rem 1rem;color:#1f2933}a{color:#0b5394}</style></head>
<body><main><h1>${escapeHtml(message)}</h1>${back}</main></body>
</html>
`;
}

/**
 * A reader following a link to an article the file does not hold (or a
 * library it may not read) gets a page in the frame, not the error object an
 * API client reads; every other caller keeps the error object (thrown on to
 * the app's handler).
 */
export function answerReaderError(error: FastifyError, request: FastifyRequest, reply: FastifyReply): FastifyReply {
  if (!isNavigation(request.headers) || (request.method !== 'GET' && request.method !== 'HEAD')) throw error;
  const appError = toLoggedAppError(error, request);
  const id = Number((request.params as { id?: unknown }).id);
  return reply
    .code(appError.httpCode)
    .header('Cache-Control', 'no-store')
    .type('text/html; charset=utf-8')
    .send(readerErrorPage(appError.message, Number.isSafeInteger(id) && id > 0 ? id : null));
}
