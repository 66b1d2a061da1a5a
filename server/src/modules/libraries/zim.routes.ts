import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { ErrorBodySchema, IdParamsSchema } from '@kit/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { readSettings } from '../../kit-settings/kit-settings.repo.ts';
import { answerRange, matchesEtag } from '../../media/serve.ts';
import { mediaPath } from '../../media/store.ts';
import type { ZimFile, ZimItem } from '../../zim/zim-file.ts';
import { answerFor, contentPathOf, contentTypeOf, encodeContentPath, readableLibrary, served } from './zim-entries.ts';
import { answerReaderError } from './zim-error-page.ts';
import { ZIM_FRAME_SCRIPT } from './zim-frame-script.ts';
import { ZIM_FRAME_SCRIPT_PATH, ZIM_REWRITE_VERSION, isArticleHtml, rewriteArticle } from './zim-html.ts';
import type { ZimPool, ZimLease } from './zim-pool.ts';
import { loadOrCreateSecret } from '../auth/secret.ts';
import { ReadGrants, splitGrant } from './read-grant.ts';

/**
 * Every /zim/ answer's policy. The pages are someone else's HTML: the
 * sandbox (no allow-same-origin) gives them an opaque origin, so their
 * scripts cannot read the portal's cookies, storage, IndexedDB or service
 * worker, and the session cookie (SameSite=Lax) does not go with their
 * requests. Scripts and forms still work for the page itself; links may
 * open new tabs, and leave the frame only on a tap. Only the kit may frame
 * them, and they load nothing from outside the kit (docs/API-contributions.md#bibliotecas-zim).
 */
export const ZIM_CSP = [
  'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation',
  "default-src 'self' 'unsafe-inline' data: blob:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  "frame-ancestors 'self'",
].join('; ');

/**
 * The URL names a resource, whose file may be replaced: caches ask again each
 * time, and the ETag (the file's sha256 and the entry) makes that a 304.
 */
const ZIM_CACHE_CONTROL = 'private, no-cache';

/** Error answers too: whatever answers under /zim/ is framed like an article. */
async function zimAnswerHeaders(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  void reply.header('Content-Security-Policy', ZIM_CSP).header('X-Content-Type-Options', 'nosniff');
}

/** The URL path after /zim/{id}/, as sent (the router's own decoding is not used: decoded once, here). */
function encodedEntryPath(request: FastifyRequest): string {
  const pathname = request.url.split('?', 1)[0] ?? '';
  const afterId = pathname.indexOf('/', '/zim/'.length);
  return afterId === -1 ? '' : pathname.slice(afterId + 1);
}

/** Sends an item whole or the asked range, with the one range rule the media answers use (@kit/contract/byte-range). */
async function sendItem(request: FastifyRequest, reply: FastifyReply, zim: ZimFile, item: ZimItem, etagBase: string, resourceId: number): Promise<FastifyReply> {
  const html = isArticleHtml(item.mimeType);
  const etag = `"${etagBase}-${item.index}${html ? `-h${ZIM_REWRITE_VERSION}` : ''}"`;
  void reply.header('ETag', etag).header('Cache-Control', ZIM_CACHE_CONTROL).header('Accept-Ranges', 'bytes').header('Content-Type', contentTypeOf(item.mimeType));
  const ifNoneMatch = request.headers['if-none-match'];
  if (ifNoneMatch !== undefined && matchesEtag(ifNoneMatch, etag)) return reply.code(304).send();

  const body = html ? rewriteArticle(await zim.readForReader(item), resourceId) : undefined;
  const size = body ? body.length : await zim.itemSize(item);
  const { start, end } = answerRange(request, reply, size, [etag]);
  if (request.method === 'HEAD') return reply.send();
  if (size === 0) return reply.send('');
  if (body) return reply.send(body.subarray(start, end + 1));
  return reply.send(await zim.itemStream(item, { start, end }));
}

/**
 * GET /zim/{resourceId}/{entry path}: a library's entries over HTTP for the
 * portal's reader (docs/API-contributions.md#bibliotecas-zim). Outside /api,
 * so an article's relative links are plain paths under its library. Files are
 * held open in a small pool, closed when their bytes are deleted and at stop.
 */
export const zimRoutes: FastifyPluginAsyncTypebox = async (app) => {
  const pool = app.zimPool;
  const grants = new ReadGrants(loadOrCreateSecret(app.config.dataDir));
  app.setErrorHandler(answerReaderError);

  app.get(ZIM_FRAME_SCRIPT_PATH, { schema: { hide: true } }, async (_request, reply) =>
    reply.header('Cache-Control', 'no-cache').type('text/javascript; charset=utf-8').send(ZIM_FRAME_SCRIPT),
  );

  app.get('/zim/:id', { schema: { hide: true, params: IdParamsSchema, response: { '4xx': ErrorBodySchema } }, onRequest: zimAnswerHeaders }, async (request, reply) =>
    reply.header('Cache-Control', 'no-cache').redirect(`/zim/${request.params.id}/`, 302),
  );

  app.route({
    method: ['GET', 'HEAD'],
    url: '/zim/:id/*',
    schema: { hide: true, params: IdParamsSchema, response: { '4xx': ErrorBodySchema } },
    onRequest: zimAnswerHeaders,
    handler: async (request, reply) => {
      const { id } = request.params;
      const { grant, rest } = splitGrant(encodedEntryPath(request));
      const viewer = grant === null ? request.viewer : (grants.viewer(app.db, id, grant) ?? request.viewer);
      // Restricted mode let every /zim/{id}/~… URL through for its grant: without one that holds, no way in.
      if (viewer === null && readSettings(app.db).restrictedMode) throw new AppError('UNAUTHORIZED', { reason: 'restricted mode' });
      const { sha256 } = readableLibrary(app.db, id, viewer);
      if (grant === null && viewer !== null && !openToAnyone(app.db, id)) {
        // The article's own requests will carry no session: they go under a grant for this reader.
        const segment = grants.segment(app.db, id, viewer);
        if (segment !== null) return reply.header('Cache-Control', 'no-store').redirect(`/zim/${id}/${segment}/${rest}${queryOf(request.url)}`, 302);
      }
      const contentPath = contentPathOf(rest);
      const lease = await openLibrary(pool, sha256, mediaPath(app.config.dataDir, sha256, 'zim'));
      // Held until the answer is out (or cut): an evicted file is not closed under a stream.
      reply.raw.once('close', lease.release);
      const answer = await answerFor(lease.zim, contentPath);
      const prefix = grant === null ? `/zim/${id}/` : `/zim/${id}/${grant}/`;
      if (answer.kind === 'redirect') return reply.header('Cache-Control', ZIM_CACHE_CONTROL).redirect(`${prefix}${encodeContentPath(answer.to)}`, 302);
      return served(sendItem(request, reply, lease.zim, answer.item, sha256, id));
    },
  });
};

/** Whether anyone at all may read the library now: published where everyone sees it, and the kit not in restricted mode. */
function openToAnyone(db: Db, id: number): boolean {
  if (readSettings(db).restrictedMode) return false;
  try {
    readableLibrary(db, id, null);
    return true;
  } catch {
    return false;
  }
}

const queryOf = (url: string): string => (url.includes('?') ? url.slice(url.indexOf('?')) : '');

/** A library's file from the pool; one that cannot be opened is missing to the reader, not a server error. */
export async function openLibrary(pool: ZimPool, sha256: string, file: string): Promise<ZimLease> {
  try {
    return await pool.acquire(sha256, file);
  } catch {
    throw new AppError('LIBRARY_CHECK_FAILED');
  }
}
