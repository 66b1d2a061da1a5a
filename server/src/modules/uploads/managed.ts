import type { ManagedPage, ManagedResource, ManagedSummary, Report, ResourceStatus, Upload } from '@kit/contract';
import { isPrivileged, ownerOrAdmin } from '../../access/privilege.ts';
import { allowedActions } from '../../access/resource-actions.ts';
import { CategoryTree } from '../../catalog/category-tree.ts';
import { toWireReport } from '../../catalog/reports.ts';
import { jobsBySource, toWireJob } from '../../catalog/phone-copies.ts';
import { openReportsOf } from '../../catalog/reports.repo.ts';
import { loadSummaries } from '../../catalog/resource-cards.ts';
import { resourceDetail } from '../../catalog/resource-detail.ts';
import { visibleDetailRow } from '../../catalog/resource-lookup.ts';
import { reportNotesOf, REPORT_NOTES_PER_RESOURCE } from '../../catalog/review.ts';
import type { Db } from '../../db/connection.ts';
import { pageOf, type PageRequest } from '../../paging.ts';
import type { Viewer } from '../../access/viewer.ts';
import { findManagedExtras, listManagedIds, type DbManagedExtras, type ManagedFilter } from './managed.repo.ts';
import { toWireUpload } from './uploads.service.ts';
import { uploadsOf } from './uploads.repo.ts';

export type { ManagedFilter } from './managed.repo.ts';

/*
 * The managed view: a resource as its owner or an admin manages it (the
 * upload page, the owner's and the admin lists, and the answer of every
 * draft, file and status change): the library's card or page, plus what it
 * may become (`actions`), why it stands where it is, and the caller's
 * unfinished upload of its file.
 */

function extrasFor(viewer: Viewer | null, extras: DbManagedExtras | undefined, upload: Upload | undefined) {
  const told = extras !== undefined && ownerOrAdmin(extras, viewer);
  return {
    statusReason: told ? extras.status_reason : null,
    rightsDeclared: extras?.rights_declared === 1,
    actions: extras ? allowedActions(extras, viewer) : [],
    openReports: isPrivileged(viewer) ? (extras?.open_reports ?? 0) : 0,
    mediaName: extras?.media_name ?? null,
    upload: upload ?? null,
  };
}

/** The caller's unfinished uploads of these resources, by resource id. */
function uploadsByResource(db: Db, dataDir: string, viewer: Viewer | null, ids: readonly number[]): Map<number, Upload> {
  const map = new Map<number, Upload>();
  if (viewer) for (const row of uploadsOf(db, viewer.id, ids)) map.set(row.resource_id, toWireUpload(dataDir, row));
  return map;
}

/** GET /v2/resources/{id} and every write's answer. */
export function managedResource(db: Db, dataDir: string, viewer: Viewer | null, id: number): ManagedResource {
  // The page's own answer already carries the status reason and, for the owner or an admin, the phone-copy job.
  const detail = resourceDetail(db, visibleDetailRow(db, id, viewer), viewer);
  const [extras] = findManagedExtras(db, [id]);
  const { statusReason: _sameAsDetail, ...rest } = extrasFor(viewer, extras, uploadsByResource(db, dataDir, viewer, [id]).get(id));
  return { ...detail, ...rest, coverCustom: extras?.cover_custom === 1 };
}

/** Rows of the owner's and the admin lists, in the given order. */
function managedSummaries(db: Db, dataDir: string, viewer: Viewer | null, ids: readonly number[], withReports: boolean): ManagedSummary[] {
  const tree = CategoryTree.load(db, viewer);
  const extras = new Map(findManagedExtras(db, ids).map((e) => [e.id, e]));
  const uploads = uploadsByResource(db, dataDir, viewer, ids);
  const reports = new Map<number, Report[]>();
  if (withReports) {
    for (const r of openReportsOf(db, ids, REPORT_NOTES_PER_RESOURCE)) {
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
  const jobOf = (id: number): ManagedSummary['renditionJob'] => {
    const sha = extras.get(id)?.media_sha256 ?? null;
    return told.includes(id) && sha !== null ? toWireJob(jobs.get(sha)) : null;
  };
  return loadSummaries(db, ids, tree).map((summary) => ({
    ...summary,
    ...extrasFor(viewer, extras.get(summary.id), uploads.get(summary.id)),
    renditionJob: jobOf(summary.id),
    reportNotes: notes.get(summary.id) ?? [],
    ...(withReports ? { reports: reports.get(summary.id) ?? [] } : {}),
  }));
}

/** One page of the owner's list ("Mis recursos") or an admin list: the filter's resources, newest first. */
export function managedPage(db: Db, dataDir: string, viewer: Viewer, filter: ManagedFilter, page: PageRequest): ManagedPage {
  const found = listManagedIds(db, filter, page.perPage, page.offset);
  const data = managedSummaries(db, dataDir, viewer, found.ids, filter.reportedOnly);
  return pageOf(data, found.total, page.page, page.perPage);
}

/** "Mis recursos": the viewer's own resources, of the statuses asked ("draft,pending"; absent: all). */
export function ownListFilter(viewer: Viewer, statuses: string | undefined): ManagedFilter {
  return {
    statuses: statuses ? (statuses.split(',') as ResourceStatus[]) : null,
    ownerId: viewer.id,
    reportedOnly: false,
    typeCode: null,
    match: null,
    userLike: null,
  };
}
