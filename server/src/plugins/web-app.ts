import fs from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { AppError } from '../errors.ts';
import { detectClient } from '../modules/menu/user-agent.ts';
import { STATIC_NOT_FOUND_CSP, STATIC_NOT_FOUND_PAGE } from './static-not-found.ts';

const OLD_BROWSER_PAGE = '/extra/download-browser';

/** Hashed build output never changes under a name; everything else must be revalidated. */
function cacheControlFor(file: string): string {
  return file.includes(`${path.sep}assets${path.sep}`) ? 'public, max-age=31536000, immutable' : 'no-cache';
}

/** The build's top-level folders (assets, icons, images…): paths under them are files, never app routes. */
function staticFolders(webDir: string): Set<string> {
  return new Set(
    fs
      .readdirSync(webDir, { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name),
  );
}

/**
 * Serves the built PWA: pre-compressed brotli/gzip files when the phone accepts
 * them (the plain file otherwise, e.g. to curl, probes and proxies), a real 404
 * for a missing file under one of the build's folders, and the app shell for
 * every other non-/api path so client routes work (the client draws its own
 * 404 page). Unknown /api paths get the error object.
 */
export async function registerWebApp(app: FastifyInstance, webDir: string): Promise<void> {
  const indexFile = path.join(webDir, 'index.html');
  const hasBuild = fs.existsSync(indexFile);
  const folders = hasBuild ? staticFolders(webDir) : new Set<string>();
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDir,
      preCompressed: true,
      wildcard: true,
      index: false,
      // A folder is never a file to send: "/" is the app and "/images/" a 404, for every
      // client alike (left to the file sender, a client without Accept-Encoding got an error).
      allowedPath: (pathname: string) => !pathname.endsWith('/'),
      cacheControl: false,
      setHeaders: (reply: FastifyReply, file: string) => reply.header('Cache-Control', cacheControlFor(file)),
    });
  } else {
    app.log.warn({ webDir }, 'no web build found: only /api is served');
  }

  app.setNotFoundHandler((request, reply) => {
    const isApi = request.url === '/api' || request.url.startsWith('/api/');
    const isPage = request.method === 'GET' || request.method === 'HEAD';
    if (isApi || !isPage || !hasBuild) {
      throw new AppError('ROUTE_NOT_FOUND');
    }
    const firstSegment = request.url.split(/[/?#]/, 2)[1] ?? '';
    if (folders.has(firstSegment)) {
      return reply
        .code(404)
        .header('Cache-Control', 'no-cache')
        .header('Content-Security-Policy', STATIC_NOT_FOUND_CSP)
        .type('text/html; charset=utf-8')
        .send(STATIC_NOT_FOUND_PAGE);
    }
    // docs/PRODUCT.md#old-browsers: a kit sends old browsers to the browser downloads. Done here as well as in the
    // client's guard, because a browser that old cannot run the app that would redirect it.
    if (app.config.isKit && detectClient(request.headers['user-agent']).isOldBrowser) {
      return reply.header('Cache-Control', 'no-store').redirect(OLD_BROWSER_PAGE, 302);
    }
    return reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  });
}
