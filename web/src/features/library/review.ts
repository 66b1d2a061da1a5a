import type { ReportNote, ResourceStatus } from '@kit/contract';
import { esLibrary } from '../../i18n/es-library.ts';
import { HELP_HASHES } from '../../ui/help-links.ts';

/*
 * What a resource's owner (and admins) are told about it: the state that
 * needs their attention and where they can act next. The server gives the
 * reasons to them alone (docs/API-library.md), so anything here is theirs.
 */

export type ReviewState = 'draft' | 'pending' | 'rejected' | 'blocked' | 'reported';

/** The parts of a resource (summary, detail or managed row) the review reads. */
export interface Reviewed {
  id: number;
  title: string;
  status: ResourceStatus;
  /** rejected or blocked: why (absent in lists that do not carry it) */
  statusReason?: string | null;
  /** what the open reports say */
  reportNotes?: readonly ReportNote[];
}

/** The state to tell, or null for a published resource nobody reported. */
export function reviewStateOf(resource: Pick<Reviewed, 'status' | 'reportNotes'>): ReviewState | null {
  if (resource.status !== 'published') return resource.status;
  return (resource.reportNotes?.length ?? 0) > 0 ? 'reported' : null;
}

export type ReviewReader = 'owner' | 'admin';

/**
 * Where the reader goes next, if anywhere: the owner continues a draft or a
 * rejected resource in the upload form, or writes to the kit's admin about a
 * block or reports; an admin opens the list where the decision is made.
 */
export function reviewLink(resource: Reviewed, state: ReviewState, reader: ReviewReader): { to: string; label: string } | null {
  const t = esLibrary.review;
  if (reader === 'owner') {
    if (state === 'draft' || state === 'rejected') return { to: `/upload/draft?id=${resource.id}`, label: t.ownerLinks[state] };
    if (state === 'blocked' || state === 'reported') return { to: HELP_HASHES.contact, label: t.ownerLinks[state] };
    return null;
  }
  const lists = { draft: 'draft', pending: 'pending-approval', blocked: 'block', reported: 'reports' } as const;
  if (state === 'rejected') return null;
  return { to: `/admin/resources/${lists[state]}?q=${encodeURIComponent(resource.title)}`, label: t.adminLinks[state] };
}
