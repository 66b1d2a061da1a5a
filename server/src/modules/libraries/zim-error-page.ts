import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { toLoggedAppError } from '../../http/error-answer.ts';
import { isNavigation } from '../captive/captive.service.ts';

const escapeHtml = (text: string): string => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** What a reader sees in the frame instead of an article: the catalog's message and the way back to the library's main page (LIBRARY: its URL). */
function readerErrorPage(message: string, library: string | null): string {
  const back = library === null ? '' : `<p><a href="${escapeHtml(library)}">Ir a la portada de la biblioteca</a></p>`;
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
  // the library's root, under the read grant the page came with, if any (read-grant.ts)
  const at = /^\/zim\/([1-9]\d*)(?:\/(~[A-Za-z0-9._-]+)\/)?/.exec(request.url);
  const library = at ? `/zim/${at[1]}/${at[2] ? `${at[2]}/` : ''}` : null;
  return reply.code(appError.httpCode).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(readerErrorPage(appError.message, library));
}
