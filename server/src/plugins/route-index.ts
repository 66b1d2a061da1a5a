import type { FastifyInstance } from 'fastify';
import { requireAdmin } from '../access/guards.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** the route requires an admin (requireAdmin): listed for the admin route tests */
    admin?: boolean;
  }
  interface FastifyInstance {
    /** every route as registered: method, url, and whether it is marked admin-only */
    routeIndex: { method: string; url: string; admin: boolean }[];
  }
}

/** Records every route as it is added (before any feature registers), so tests can check the admin ones. */
export function registerRouteIndex(app: FastifyInstance): void {
  const index: FastifyInstance['routeIndex'] = [];
  app.decorate('routeIndex', index);
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    for (const method of methods) {
      if (method === 'HEAD') continue;
      index.push({ method, url: route.url, admin: (route.config as { admin?: boolean } | undefined)?.admin === true || usesRequireAdmin(route.onRequest) || usesRequireAdmin(route.preHandler) });
    }
  });
}

/** A route-level hook list that includes requireAdmin (plugin-wide hooks are covered by the /v2/admin prefix). */
function usesRequireAdmin(hooks: unknown): boolean {
  return Array.isArray(hooks) ? hooks.includes(requireAdmin) : hooks === requireAdmin;
}
