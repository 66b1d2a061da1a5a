import type { Report } from '@kit/contract';
import { isPrivileged } from '../access/privilege.ts';
import { userImageUrl } from '../media/media-url.ts';
import type { Viewer } from '../access/viewer.ts';
import type { DbReport } from './reports.repo.ts';

/** Reports name their author to admins only. */
export function toWireReport(r: DbReport, viewer: Viewer | null): Report {
  const showUser = isPrivileged(viewer) && r.user_id !== null && r.user_name !== null;
  return {
    id: r.id,
    resourceId: r.resource_id,
    reason: r.reason,
    status: r.status,
    user: showUser
      ? {
          id: r.user_id as number,
          user_name: r.user_name as string,
          FullImageUrl: r.user_image_sha256 && r.user_blocked !== 1 ? userImageUrl(r.user_id as number, r.user_image_sha256) : null,
        }
      : null,
    createdAt: r.created_at,
    resolvedAt: r.resolved_at,
  };
}
