import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../../errors.ts';
import { pageCspWithStyle } from '../../http/page-policy.ts';
import { detectClient } from '../menu/user-agent.ts';
import { browserPackages } from './downloads.service.ts';
import { BROWSER_PAGE_STYLE, renderBrowserPage } from './browser-page.ts';

const BROWSER_PAGE_CSP = pageCspWithStyle(BROWSER_PAGE_STYLE);

/**
 * GET /extra/download-browser at the root, before the web app's fallback:
 * an old browser (docs/PRODUCT.md#old-browsers) gets the page as plain HTML, because it cannot
 * run the app; every other browser gets the app, whose route draws the page.
 */
export async function browserPageRoutes(app: FastifyInstance): Promise<void> {
  const hasBuild = fs.existsSync(path.join(app.config.webDir, 'index.html'));
  app.get('/extra/download-browser', { schema: { hide: true } }, async (request, reply) => {
    void reply.header('Cache-Control', 'no-cache').header('Vary', 'User-Agent');
    if (detectClient(request.headers['user-agent']).isOldBrowser) {
      return reply.type('text/html; charset=utf-8').header('Content-Security-Policy', BROWSER_PAGE_CSP).send(renderBrowserPage(browserPackages(app.db)));
    }
    if (!hasBuild) throw new AppError('ROUTE_NOT_FOUND');
    return reply.sendFile('index.html');
  });
}
