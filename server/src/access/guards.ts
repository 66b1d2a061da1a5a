import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';

/*
 * Route guards (preHandlers): who may call a route. The session plugin
 * (modules/auth/session.plugin.ts) has set request.viewer from the token
 * before they run; what a viewer may do with one resource is in privilege.ts.
 */

/** Methods that change state: a cross-site check and the pending password change apply to them. */
export const UNSAFE_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** host[:port] as URL normalises it (default ports dropped); null for 'null' or garbage, which never matches. */
export function hostOf(origin: string): string | null {
  try {
    return new URL(origin).host || null;
  } catch {
    return null;
  }
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** a write still allowed while the user must change a temporary password (the change itself) */
    allowPendingPasswordChange?: boolean;
  }
}

/**
 * preHandler: a logged-in user (401 otherwise; the web then logs out, docs/PRODUCT.md#session).
 * After a temporary-credentials login every write but the password change is
 * refused with 403 PASSWORD_CHANGE_REQUIRED until a new password is set.
 */
export async function requireUser(request: FastifyRequest): Promise<void> {
  if (!request.viewer) throw new AppError(request.tokenRejected ? 'TOKEN_EXPIRED' : 'UNAUTHORIZED');
  if (request.viewer.mustChangePassword && UNSAFE_METHODS.has(request.method) && !request.routeOptions.config.allowPendingPasswordChange) {
    throw new AppError('PASSWORD_CHANGE_REQUIRED');
  }
}

/** preHandler: an admin who is not on the denied-users list (docs/PRODUCT.md#roles). */
export async function requireAdmin(request: FastifyRequest): Promise<void> {
  await requireUser(request);
  if (!request.viewer?.isAdmin || request.viewer.denied) throw new AppError('FORBIDDEN');
}
