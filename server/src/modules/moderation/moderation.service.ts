import { REASON_MAX, RESOURCE_ACTIONS, type ResourceAction, type ResourceStatus } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { plainText } from '../../plain-text.ts';
import type { Viewer } from '../../types.ts';
import { CategoryTree, isPrivileged } from '../categories/categories.service.ts';
import { canSee } from '../resources/resources.service.ts';
import { readSettings } from '../settings/settings.repo.ts';
import {
  dismissReport,
  findModerated,
  findReport,
  insertEvent,
  insertReport,
  resolveOpenReports,
  updateStatus,
  type DbModerated,
  type DbReport,
} from './moderation.repo.ts';

/**
 * Who the caller is to one resource. An admin who is not on the denied-users
 * list is `admin`; whoever uploaded it is `owner` (an admin may be both); any
 * other logged-in person is `user`. Anonymous visitors have no role and may
 * do nothing here.
 */
export type Role = 'owner' | 'admin' | 'user';

export interface TransitionContext {
  /** the resourceModeration setting */
  moderation: boolean;
  actorIsAdmin: boolean;
}

export interface Rule {
  /** for each role, the statuses from which it may take this action */
  allow: Partial<Record<Role, readonly ResourceStatus[]>>;
  /** the status afterwards; absent: unchanged (edit, report, delete) */
  to?: ResourceStatus | ((ctx: TransitionContext) => ResourceStatus);
  /** reject needs a reason the owner reads; block may carry one */
  reason?: 'required' | 'optional';
  /** keep: only a resource with open reports */
  needsOpenReports?: boolean;
  /** what the resource's open reports become */
  reports?: 'kept' | 'blocked';
  /** how the refusal reads when the status does not allow it */
  refusal: string;
}

const ALL: readonly ResourceStatus[] = ['draft', 'pending', 'published', 'rejected', 'blocked'];

/**
 * THE transition table: every change a person can make to a resource's
 * status, or to a resource at all, and who may make it from where. Routes
 * never decide this themselves; they call assertAllowed / transition, and
 * the web shows the buttons `allowedActions` lists.
 *
 *   draft ──submit──▶ pending ──approve──▶ published ──block──▶ blocked
 *     ▲   (moderation off, or an admin's own: straight to published)  │
 *     └──withdraw── pending ──reject──▶ rejected ──submit──▶ …      unblock
 *                                                                     │
 *   published + open reports ──keep──▶ published (reports kept) ◀────┘
 */
export const TRANSITIONS: Readonly<Record<ResourceAction, Rule>> = {
  edit: { allow: { owner: ['draft', 'rejected'], admin: ALL }, refusal: 'Este recurso ya no se puede modificar' },
  delete: { allow: { owner: ['draft', 'rejected'], admin: ['draft', 'rejected'] }, refusal: 'Solo se pueden eliminar borradores y recursos rechazados' },
  submit: {
    allow: { owner: ['draft', 'rejected'] },
    to: (ctx) => (ctx.moderation && !ctx.actorIsAdmin ? 'pending' : 'published'),
    refusal: 'Este recurso ya fue enviado',
  },
  withdraw: { allow: { owner: ['pending'] }, to: 'draft', refusal: 'Solo se puede retirar un recurso que espera aprobación' },
  approve: { allow: { admin: ['pending'] }, to: 'published', refusal: 'Solo se aprueban recursos que esperan aprobación' },
  reject: { allow: { admin: ['pending'] }, to: 'rejected', reason: 'required', refusal: 'Solo se rechazan recursos que esperan aprobación' },
  block: { allow: { admin: ['published'] }, to: 'blocked', reason: 'optional', reports: 'blocked', refusal: 'Solo se bloquean recursos publicados' },
  unblock: { allow: { admin: ['blocked'] }, to: 'published', refusal: 'Este recurso no está bloqueado' },
  keep: {
    allow: { admin: ['published'] },
    to: 'published',
    needsOpenReports: true,
    reports: 'kept',
    refusal: 'Este recurso no tiene reportes abiertos',
  },
  // Admins who do not own it report as users do; nobody reports their own.
  report: { allow: { user: ['published'] }, refusal: 'Solo se reportan recursos publicados' },
};

export const STATUS_LABEL: Record<ResourceStatus, string> = {
  draft: 'borrador',
  pending: 'por aprobar',
  published: 'publicado',
  rejected: 'rechazado',
  blocked: 'bloqueado',
};

type Subject = Pick<DbModerated, 'status' | 'user_id' | 'open_reports'>;

export function rolesOf(resource: Pick<DbModerated, 'user_id'>, viewer: Viewer | null): Role[] {
  if (!viewer) return [];
  const roles: Role[] = [];
  const owner = resource.user_id !== null && resource.user_id === viewer.id;
  if (owner) roles.push('owner');
  if (isPrivileged(viewer)) roles.push('admin');
  if (!owner) roles.push('user');
  return roles;
}

/** The refusal for this caller, or null when the table allows the action now. */
export function refusalOf(action: ResourceAction, resource: Subject, viewer: Viewer | null): AppError | null {
  if (!viewer) return new AppError('UNAUTHORIZED');
  // A resource the caller may not see answers like one that never existed.
  if (!canSee(resource, viewer)) return new AppError('RESOURCE_NOT_FOUND');
  const rule = TRANSITIONS[action];
  const roles = rolesOf(resource, viewer).filter((role) => rule.allow[role] !== undefined);
  if (roles.length === 0) return new AppError('FORBIDDEN', { action });
  const fromOk = roles.some((role) => rule.allow[role]?.includes(resource.status));
  if (!fromOk || (rule.needsOpenReports && resource.open_reports === 0)) {
    return new AppError('INVALID_TRANSITION', { action, status: resource.status }, `${rule.refusal} (estado: ${STATUS_LABEL[resource.status]})`);
  }
  return null;
}

export function assertAllowed(action: ResourceAction, resource: Subject, viewer: Viewer | null): void {
  const refusal = refusalOf(action, resource, viewer);
  if (refusal) throw refusal;
}

/** What the caller may do to the resource now; the web draws its buttons from this. */
export function allowedActions(resource: Subject, viewer: Viewer | null): ResourceAction[] {
  return RESOURCE_ACTIONS.filter((action) => refusalOf(action, resource, viewer) === null);
}

/** The resource, or the same 404 as for one that never existed when the caller may not see it. */
export function getModerated(db: Db, id: number, viewer: Viewer | null): DbModerated {
  const resource = findModerated(db, id);
  if (!resource || !canSee(resource, viewer)) throw new AppError(viewer ? 'RESOURCE_NOT_FOUND' : 'UNAUTHORIZED');
  return resource;
}

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
  if (r.author.trim() === '') missing.push('author');
  if (r.license === '') missing.push('license');
  if (r.category_id === null || !categoryExists(r.category_id)) missing.push('content_type_id');
  if (r.rights_declared !== 1) missing.push('rights_declared');
  if (r.type_code !== 6 && r.media_sha256 === null) missing.push('file');
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
    }
    const ctx: TransitionContext = { moderation: readSettings(db).resourceModeration, actorIsAdmin: isPrivileged(actor) };
    const to = typeof rule.to === 'function' ? rule.to(ctx) : (rule.to ?? resource.status);
    // Moving on clears an old verdict; reject and block write theirs; keep leaves it.
    const statusReason = rule.reason ? reason : action === 'keep' ? undefined : null;
    if (!updateStatus(db, { id, from: resource.status, to, reason: statusReason })) {
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
