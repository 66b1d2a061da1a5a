import type { ManagedPage, ManagedResource, ManagedSummary, Report } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import type { Viewer } from '../../types.ts';
import { CategoryTree, isPrivileged } from '../categories/categories.service.ts';
import { resourceDetail } from '../resources/resource-detail.ts';
import { findResourceDetail } from '../resources/resources.repo.ts';
import { canSee, loadSummaries, ownerOrAdmin } from '../resources/resources.service.ts';
import { jobsBySource, toWireJob } from '../renditions/renditions.service.ts';
import type { DbJob } from '../renditions/renditions.repo.ts';
import { reportNotesOf } from '../resources/review.ts';
import { toWireUpload } from '../uploads/uploads.service.ts';
import { uploadsOf } from '../uploads/uploads.repo.ts';
import { userImageUrl } from '../users/users.constants.ts';
import { allowedActions } from './moderation.service.ts';
import { findManagedExtras, openReportsOf, type DbManagedExtras, type DbReport } from './moderation.repo.ts';
import { pageOf } from '../../paging.ts';

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

function extrasFor(
  viewer: Viewer | null,
  extras: DbManagedExtras | undefined,
  uploads: Map<number, ReturnType<typeof toWireUpload>>,
  jobs: Map<string, DbJob>,
  id: number,
) {
  const admin = isPrivileged(viewer);
  const told = extras !== undefined && ownerOrAdmin(extras, viewer);
  return {
    statusReason: told ? extras.status_reason : null,
    rightsDeclared: extras?.rights_declared === 1,
    actions: extras ? allowedActions(extras, viewer) : [],
    openReports: admin ? (extras?.open_reports ?? 0) : 0,
    mediaName: extras?.media_name ?? null,
    upload: uploads.get(id) ?? null,
    renditionJob: told && extras.media_sha256 !== null ? toWireJob(jobs.get(extras.media_sha256)) : null,
  };
}

function uploadsByResource(db: Db, dataDir: string, viewer: Viewer | null, ids: readonly number[]) {
  const map = new Map<number, ReturnType<typeof toWireUpload>>();
  if (viewer) for (const row of uploadsOf(db, viewer.id, ids)) map.set(row.resource_id, toWireUpload(dataDir, row));
  return map;
}

/** GET /v2/resources/{id} and every write's answer: the resource as its owner or an admin manages it. */
export function managedResource(db: Db, dataDir: string, viewer: Viewer | null, id: number): ManagedResource {
  const row = findResourceDetail(db, id);
  if (!row || !canSee(row, viewer)) throw new AppError('RESOURCE_NOT_FOUND');
  const detail = resourceDetail(db, row, viewer);
  const [extras] = findManagedExtras(db, [id]);
  const { statusReason: _sameAsDetail, ...rest } = extrasFor(viewer, extras, uploadsByResource(db, dataDir, viewer, [id]), jobsBySource(db, [extras?.media_sha256 ?? null]), id);
  return { ...detail, ...rest, coverCustom: extras?.cover_custom === 1 };
}

/** Rows of the owner's and the admin lists, in the given order. */
export function managedSummaries(db: Db, dataDir: string, viewer: Viewer | null, ids: readonly number[], opts: { withReports?: boolean } = {}): ManagedSummary[] {
  const tree = CategoryTree.load(db, viewer);
  const extras = new Map(findManagedExtras(db, ids).map((e) => [e.id, e]));
  const uploads = uploadsByResource(db, dataDir, viewer, ids);
  const reports = new Map<number, Report[]>();
  if (opts.withReports) {
    for (const r of openReportsOf(db, ids, 20)) {
      const list = reports.get(r.resource_id) ?? [];
      list.push(toWireReport(r, viewer));
      reports.set(r.resource_id, list);
    }
  }
  const told = ids.filter((id) => {
    const row = extras.get(id);
    return row !== undefined && ownerOrAdmin(row, viewer);
  });
  const notes = reportNotesOf(db, told);
  const jobs = jobsBySource(db, told.map((id) => extras.get(id)?.media_sha256 ?? null));
  return loadSummaries(db, ids, tree).map((summary) => ({
    ...summary,
    ...extrasFor(viewer, extras.get(summary.id), uploads, jobs, summary.id),
    reportNotes: notes.get(summary.id) ?? [],
    ...(opts.withReports ? { reports: reports.get(summary.id) ?? [] } : {}),
  }));
}

export function managedPage(db: Db, dataDir: string, viewer: Viewer | null, found: { ids: number[]; total: number }, page: number, perPage: number, opts: { withReports?: boolean } = {}): ManagedPage {
  const data = managedSummaries(db, dataDir, viewer, found.ids, opts);
  return pageOf(data, found.total, page, perPage);
}
