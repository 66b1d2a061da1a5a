import { RESOURCE_ACTIONS, type ResourceAction, type ResourceStatus } from '@kit/contract';
import { AppError } from '../errors.ts';
import type { Viewer } from './viewer.ts';
import { canSee, isPrivileged } from './privilege.ts';

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

/** What deciding an action needs to know of a resource. */
export interface Subject {
  status: ResourceStatus;
  user_id: number | null;
  open_reports: number;
}

export function rolesOf(resource: Pick<Subject, 'user_id'>, viewer: Viewer | null): Role[] {
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
