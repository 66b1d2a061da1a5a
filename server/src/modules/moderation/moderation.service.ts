import { type AdminList, foldText, REASON_MAX, RESOURCE_TERMS, RESOURCE_TYPES, type ResourceAction, type ResourceStatus } from '@kit/contract';
import { isPrivileged } from '../../access/privilege.ts';
import { assertAllowed, TRANSITIONS, type TransitionContext } from '../../access/resource-actions.ts';
import { CategoryTree } from '../../catalog/category-tree.ts';
import { findReport, type DbReport } from '../../catalog/reports.repo.ts';
import { damagedFileReason } from '../../catalog/phone-copies.ts';
import { getModerated } from '../../catalog/resource-lookup.ts';
import { findModerated, updateResourceStatus, type DbModerated } from '../../catalog/resources.repo.ts';
import type { Db } from '../../db/connection.ts';
import { containing } from '../../db/like.ts';
import { AppError } from '../../errors.ts';
import { readSettings } from '../../kit-settings/kit-settings.repo.ts';
import { plainText } from '../../plain-text.ts';
import type { Viewer } from '../../access/viewer.ts';
import { buildMatchExpression } from '../search/search.query.ts';
import type { ManagedFilter } from '../uploads/managed.ts';
import { dismissReport, insertEvent, insertReport, resolveOpenReports } from './moderation.repo.ts';

/** A moderation reason: trimmed, at most REASON_MAX characters; null when empty. */
export function cleanReason(raw: string | undefined): string | null {
  const text = plainText(raw ?? '', true);
  if (text === '') return null;
  if ([...text].length > REASON_MAX) {
    throw new AppError('VALIDATION', { field: 'body.reason', reason: 'too long' }, `El motivo no puede pasar de ${REASON_MAX} caracteres`);
  }
  return text;
}

/** What a resource still lacks before it can be submitted. */
export function missingForSubmit(r: DbModerated, categoryExists: (id: number) => boolean): string[] {
  const missing: string[] = [];
  if (r.title.trim() === '') missing.push('title');
  for (const term of RESOURCE_TERMS) if (term.required && r[term.name].trim() === '') missing.push(term.name);
  if (r.category_id === null || !categoryExists(r.category_id)) missing.push('content_type_id');
  if (r.rights_declared !== 1) missing.push('rights_declared');
  if (r.type_code !== RESOURCE_TYPES.LIST && r.media_sha256 === null) missing.push('file');
  return missing;
}

export type StatusAction = Exclude<ResourceAction, 'edit' | 'delete' | 'report'>;

/**
 * Carries out a status action as the table says, in one transaction: the
 * status (only if nobody moved it meanwhile), its reason, the open reports
 * the decision closes, and the history row.
 */
export function transition(db: Db, viewer: Viewer | null, id: number, action: StatusAction, body: { reason?: string | undefined } = {}): DbModerated {
  const rule = TRANSITIONS[action];
  return db.transaction(() => {
    const resource = getModerated(db, id, viewer);
    assertAllowed(action, resource, viewer);
    const actor = viewer as Viewer;
    let reason: string | null | undefined = undefined;
    if (rule.reason) {
      reason = cleanReason(body.reason);
      if (rule.reason === 'required' && reason === null) throw new AppError('REASON_REQUIRED', { field: 'body.reason' }, 'Escribe el motivo del rechazo: el autor lo verá');
    }
    if (action === 'submit') {
      const tree = CategoryTree.load(db, actor);
      const missing = missingForSubmit(resource, (cid) => tree.get(cid) !== null);
      if (missing.length > 0) throw new AppError('SUBMIT_INCOMPLETE', { missing });
      const damaged = damagedFileReason(db, resource.media_sha256);
      if (damaged !== null) throw new AppError('RESOURCE_FILE_DAMAGED', { reason: damaged }, `${damaged}. Súbelo otra vez desde el original antes de enviarlo`);
    }
    const ctx: TransitionContext = { moderation: readSettings(db).resourceModeration, actorIsAdmin: isPrivileged(actor) };
    const to = typeof rule.to === 'function' ? rule.to(ctx) : (rule.to ?? resource.status);
    // Moving on clears an old verdict; reject and block write theirs; keep leaves it.
    const statusReason = rule.reason ? reason : action === 'keep' ? undefined : null;
    if (!updateResourceStatus(db, { id, from: resource.status, to, reason: statusReason })) {
      throw new AppError('INVALID_TRANSITION', { action, status: resource.status });
    }
    if (rule.reports) resolveOpenReports(db, id, rule.reports, actor.id);
    insertEvent(db, { resourceId: id, actorId: actor.id, action, from: resource.status, to, reason: reason ?? null });
    return findModerated(db, id) as DbModerated;
  })();
}

/** A report on a published resource by someone other than its owner; one open report per person and resource. */
export function reportResource(db: Db, viewer: Viewer | null, id: number, rawReason: string | undefined): DbReport {
  return db.transaction(() => {
    const resource = getModerated(db, id, viewer);
    assertAllowed('report', resource, viewer);
    const reason = cleanReason(rawReason);
    if (reason === null) throw new AppError('REASON_REQUIRED', { field: 'body.reason' }, 'Cuéntanos por qué reportas este recurso');
    let reportId: number;
    try {
      reportId = insertReport(db, id, (viewer as Viewer).id, reason);
    } catch (error) {
      if ((error as { code?: string }).code === 'SQLITE_CONSTRAINT_UNIQUE') throw new AppError('REPORT_EXISTS');
      throw error;
    }
    return findReport(db, reportId) as DbReport;
  })();
}

/** An admin closes one open report without acting on the resource. */
export function dismiss(db: Db, viewer: Viewer, reportId: number): DbReport {
  return db.transaction(() => {
    const report = findReport(db, reportId);
    if (!report) throw new AppError('REPORT_NOT_FOUND');
    if (!isPrivileged(viewer)) throw new AppError('FORBIDDEN');
    if (!dismissReport(db, reportId, viewer.id)) {
      throw new AppError('INVALID_TRANSITION', { action: 'dismiss', status: report.status }, 'Este reporte ya fue resuelto');
    }
    return findReport(db, reportId) as DbReport;
  })();
}

/** Which resources each admin page of docs/PRODUCT.md#moderation-lists lists. */
const ADMIN_LIST_FILTERS: Record<AdminList, (viewerId: number) => Pick<ManagedFilter, 'statuses' | 'ownerId' | 'reportedOnly'>> = {
  all: () => ({ statuses: null, ownerId: null, reportedOnly: false }),
  block: () => ({ statuses: ['blocked'] as ResourceStatus[], ownerId: null, reportedOnly: false }),
  // "Por publicar": drafts not yet submitted, everybody's.
  draft: () => ({ statuses: ['draft'] as ResourceStatus[], ownerId: null, reportedOnly: false }),
  'pending-approval': () => ({ statuses: ['pending'] as ResourceStatus[], ownerId: null, reportedOnly: false }),
  reports: () => ({ statuses: null, ownerId: null, reportedOnly: true }),
  // "Subir recursos": the admin's own uploads, to continue or publish them.
  upload: (viewerId) => ({ statuses: null, ownerId: viewerId, reportedOnly: false }),
};

/** The filter of an admin list: its statuses and owner, narrowed by the words typed (title, description… or the owner's user name) and a type. */
export function adminListFilter(list: AdminList, viewer: Viewer, query: { q?: string | undefined; type?: number | undefined }): ManagedFilter {
  const text = query.q?.trim() ?? '';
  const folded = foldText(text);
  return {
    ...ADMIN_LIST_FILTERS[list](viewer.id),
    typeCode: query.type ? query.type : null,
    match: text === '' ? null : buildMatchExpression(text),
    userLike: text === '' || folded === '' ? null : containing(folded),
  };
}
