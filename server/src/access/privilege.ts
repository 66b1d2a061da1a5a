import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors.ts';
import type { Viewer } from './viewer.ts';

/*
 * Who may see what, in one place: every feature asks these instead of
 * reading `isAdmin` itself (docs/PRODUCT.md#roles).
 */

/** An admin who is not on the denied-users list: sees hidden categories and unpublished resources, and may act on any account. */
export function isPrivileged(viewer: Viewer | null): boolean {
  return viewer !== null && viewer.isAdmin && !viewer.denied;
}

/** The resource's owner or a privileged admin: who sees every status and is told why (catalog/review.ts). */
export function ownerOrAdmin(resource: { user_id: number | null }, viewer: Viewer | null): boolean {
  if (!viewer) return false;
  return isPrivileged(viewer) || (resource.user_id !== null && resource.user_id === viewer.id);
}

/**
 * Who sees a resource: a published one, everyone; any other status (draft,
 * pending, rejected, blocked) only its owner and admins. Everyone else gets
 * the same 404 as for an id that never existed.
 */
export function canSee(resource: { status: string; user_id: number | null }, viewer: Viewer | null): boolean {
  return resource.status === 'published' || ownerOrAdmin(resource, viewer);
}

/** The caller, once requireUser has run. */
export function viewerOf(request: FastifyRequest): Viewer {
  if (!request.viewer) throw new AppError('UNAUTHORIZED');
  return request.viewer;
}
