import type { FastifyInstance } from 'fastify';
import { readHubSettings } from '../kit-settings/hub-sync.ts';
import { pageCspFor, REFERRER_POLICY } from '../http/page-policy.ts';

/**
 * Every answer, on the HTTP and the HTTPS listener alike (both run
 * app.routing): nosniff, the referrer policy, and a CSP. File answers set
 * their own sandboxed one first (media/serve.ts fileAnswerHeaders); every
 * other answer gets the page policy, which a JSON or error answer does not
 * mind and a page needs.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (_request, reply, payload) => {
    void reply.header('X-Content-Type-Options', 'nosniff').header('Referrer-Policy', REFERRER_POLICY);
    if (!reply.hasHeader('Content-Security-Policy')) void reply.header('Content-Security-Policy', pageCspFor(readHubSettings(app.db, app.config).uploadUrl));
    return payload;
  });
}
