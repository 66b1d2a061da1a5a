import type { AdminList, ManagedResource, ManagedSummary, ResourceAction } from '@kit/contract';
import { ApiError, NETWORK_ERROR } from '../../api/client.ts';
import { es } from '../../i18n/es.ts';
import { esModeration } from '../../i18n/es-moderation.ts';
import { parsePage } from '../library/list-params.ts';
import { parseTypeCode, type TypeCode } from '../library/resource-types.ts';

/** The admin resource lists this feature draws (`upload` is the upload form's own page). */
export type ModerationList = Exclude<AdminList, 'upload'>;
export const MODERATION_LISTS: readonly ModerationList[] = ['all', 'pending-approval', 'draft', 'reports', 'block'];

/** docs/PRODUCT.md#failure-messages: each list's failure message. */
export function loadErrorOf(list: ModerationList): string {
  if (list === 'block') return esModeration.loadError.blocked;
  if (list === 'reports') return esModeration.loadError.reported;
  return esModeration.loadError.resources;
}

export interface ModerationFilters {
  q: string;
  type: TypeCode;
  page: number;
}

/** `?q=…&type=…&page=…` → the list's filters; anything unreadable falls back to the default. */
export function readFilters(params: URLSearchParams): ModerationFilters {
  return { q: (params.get('q') ?? '').trim().slice(0, 200), type: parseTypeCode(params.get('type')), page: parsePage(params.get('page')) };
}

/** The filters as a query string, leaving out the defaults ('' when every one is). */
export function filtersQuery(filters: ModerationFilters): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.type) params.set('type', String(filters.type));
  if (filters.page > 1) params.set('page', String(filters.page));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

/** A button of a row: the server's action, with `submit` shown as "publish" (an admin's own draft goes straight out). */
export type RowAction = 'approve' | 'reject' | 'publish' | 'keep' | 'block' | 'unblock' | 'delete';

const ROW_ACTIONS: readonly [RowAction, ResourceAction][] = [
  ['approve', 'approve'],
  ['reject', 'reject'],
  ['publish', 'submit'],
  ['keep', 'keep'],
  ['block', 'block'],
  ['unblock', 'unblock'],
  ['delete', 'delete'],
];

/**
 * The buttons a row shows, from what the server says the admin may do now
 * (never from the status: docs/API-contributions.md), in a fixed order.
 * Editing and the owner's own moves (withdraw, report) are not this page's.
 */
export function rowActions(allowed: readonly ResourceAction[]): RowAction[] {
  return ROW_ACTIONS.filter(([, action]) => allowed.includes(action)).map(([button]) => button);
}

/** A reason's length limit (the contract's REASON_MAX; kept here so the contract's schemas stay out of the bundle). */
export const REASON_MAX = 500;

/** Actions whose dialog asks for a reason: required to reject, optional to block. */
export function reasonRule(action: RowAction): 'required' | 'optional' | null {
  if (action === 'reject') return 'required';
  if (action === 'block') return 'optional';
  return null;
}

/**
 * The row after an action, from the resource the server answered. Open
 * reports are all closed by keep and block, so their list goes with them.
 */
export function applyUpdate(row: ManagedSummary, updated: ManagedResource): ManagedSummary {
  return {
    ...row,
    title: updated.title,
    status: updated.status,
    statusReason: updated.statusReason,
    actions: updated.actions,
    openReports: updated.openReports,
    ...(row.reports ? { reports: updated.openReports === 0 ? [] : row.reports } : {}),
  };
}

/** The row once one of its reports is dismissed. */
export function withoutReport(row: ManagedSummary, reportId: number): ManagedSummary {
  const reports = row.reports?.filter((report) => report.id !== reportId);
  const removed = (row.reports?.length ?? 0) - (reports?.length ?? 0);
  return { ...row, reports, openReports: Math.max(0, row.openReports - removed) };
}

/** The state a row shows: the status, and "Reportado (n)" while reports are open. */
export function stateLabels(row: Pick<ManagedSummary, 'status' | 'openReports'>): string[] {
  const labels: string[] = [esModeration.states[row.status]];
  if (row.openReports > 0) labels.push(esModeration.row.reported(row.openReports));
  return labels;
}

/** What to tell the admin about a failed action: the server's Spanish message, the unreachable-kit one, or the fallback. */
export function moderationErrorMessage(error: unknown): string {
  if (!(error instanceof ApiError)) return esModeration.failed;
  if (error.code === NETWORK_ERROR) return es.errors.network;
  return error.message || esModeration.failed;
}
