import type { ManagedResource, ManagedSummary, Report } from '@kit/contract';
import { useId, useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { ApiError } from '../../api/client.ts';
import {
  approveResource,
  blockResource,
  deleteResource,
  dismissReport,
  keepResource,
  rejectResource,
  submitResource,
  unblockResource,
} from '../../api/moderation.ts';
import { esModeration } from '../../i18n/es-moderation.ts';
import { ConfirmDialog } from '../../ui/modal/ConfirmDialog.tsx';
import { Pagination } from '../../ui/Pagination.tsx';
import { RESOURCE_TYPE_CATALOGUE, parseTypeCode } from '../library/resource-types.ts';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { ModerationRow } from './ModerationRow.tsx';
import {
  applyUpdate,
  filtersQuery,
  moderationErrorMessage,
  readFilters,
  REASON_MAX,
  reasonRule,
  withoutReport,
  type ModerationFilters,
  type ModerationList,
  type RowAction,
} from './moderation-lists.ts';
import { useModerationPage } from './use-moderation-page.ts';
import './moderation.css';

const t = esModeration;

type Pending = { row: ManagedSummary; action: RowAction } | { row: ManagedSummary; report: Report };

/** The dialog's words for a pending move: a deletion in the one delete wording, the others in their own; block in the danger style too. */
function dialogWords(pending: Pending): { title: string; message: string; confirmLabel: string; workingLabel: string; danger: boolean } {
  if ('report' in pending) {
    return { title: t.confirm.dismiss.title, message: t.confirm.dismiss.body(pending.report.reason), confirmLabel: t.actions.dismiss, workingLabel: t.working, danger: false };
  }
  if (pending.action === 'delete') return { ...t.deleteWording(pending.row.title), danger: true };
  const words = t.confirm[pending.action];
  return { title: words.title, message: words.body(pending.row.title), confirmLabel: t.actions[pending.action], workingLabel: t.working, danger: pending.action === 'block' };
}

const RUN: Record<Exclude<RowAction, 'delete'>, (id: number, reason: string) => Promise<ManagedResource>> = {
  approve: (id) => approveResource(id),
  reject: (id, reason) => rejectResource(id, reason),
  publish: (id) => submitResource(id),
  keep: (id) => keepResource(id),
  block: (id, reason) => blockResource(id, reason || undefined),
  unblock: (id) => unblockResource(id),
};

/** The list's search and type filter; onFilter gets what changed. */
function FilterForm({ filters, onFilter }: { filters: ModerationFilters; onFilter: (next: Partial<ModerationFilters>) => void }) {
  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    onFilter({ q: String(new FormData(event.currentTarget).get('q') ?? '').trim() });
  };
  return (
    <form className="admin-toolbar moderation-filters" role="search" aria-label={t.filters.label} onSubmit={search}>
      {/* keyed by the address's q: back and forward show the search they went to */}
      <input key={filters.q} type="search" name="q" className="input" aria-label={t.filters.search} placeholder={t.filters.searchHint} maxLength={200} defaultValue={filters.q} />
      <label className="moderation-filters__type">
        <span>{t.filters.type}</span>
        <select className="input" value={filters.type} onChange={(event) => onFilter({ type: parseTypeCode(event.target.value) })}>
          {RESOURCE_TYPE_CATALOGUE.map((type) => (
            <option key={type.code} value={type.code}>
              {type.label}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button">
        {t.filters.searchButton}
      </button>
    </form>
  );
}

/**
 * One admin resource list (/admin/resources/{list}): search and type filter
 * in the address (so back and reload keep them), pages, and per row the moves
 * the server allows, each confirmed first. A row shows its new state at once;
 * a move someone else made meanwhile (404, 409) reloads the list.
 */
export function ModerationListView({ list }: { list: ModerationList }) {
  const [params, setParams] = useSearchParams();
  const filters = readFilters(params);
  const query = filtersQuery(filters);
  const { data, error, loading, reload, replaceRow, removeRow } = useModerationPage(list, query);
  const [pending, setPending] = useState<Pending | null>(null);
  const [reason, setReason] = useState('');
  const reasonId = useId();

  // A new search or type starts again at page 1.
  const go = (next: Partial<ModerationFilters>) => setParams(filtersQuery({ ...filters, page: 1, ...next }).slice(1));

  const open = (next: Pending) => {
    setReason('');
    setPending(next);
  };

  const confirm = async (job: Pending) => {
    try {
      if ('report' in job) {
        await dismissReport(job.report.id);
        replaceRow(job.row.id, (row) => withoutReport(row, job.report.id));
        notifySuccess(t.done.dismiss);
      } else if (job.action === 'delete') {
        await deleteResource(job.row.id);
        removeRow(job.row.id);
        notifySuccess(t.done.delete);
      } else {
        const updated = await RUN[job.action](job.row.id, reason.trim());
        replaceRow(job.row.id, (row) => applyUpdate(row, updated));
        notifySuccess(t.done[job.action]);
      }
      setPending(null);
    } catch (failure) {
      notifyError(moderationErrorMessage(failure));
      // Someone else moved or removed it meanwhile: show the list as it is now.
      if (failure instanceof ApiError && (failure.httpCode === 404 || failure.httpCode === 409)) {
        setPending(null);
        reload();
      }
    }
  };

  const rule = pending && !('report' in pending) ? reasonRule(pending.action) : null;
  const dialog = pending ? dialogWords(pending) : null;
  const rows = data?.data ?? [];

  return (
    <section className="admin-page moderation">
      <h1>{t.lists[list].title}</h1>
      <FilterForm filters={filters} onFilter={go} />
      {error && (
        <p className="admin-error" role="alert">
          {error}{' '}
          <button type="button" className="button button--light" onClick={reload}>
            {t.retry}
          </button>
        </p>
      )}
      {loading && <p aria-live="polite">{t.loading}</p>}
      {!loading && !error && data && <p className="moderation-total">{rows.length === 0 ? t.lists[list].empty : t.total(data.total)}</p>}
      <ul className="moderation-list" aria-busy={loading}>
        {rows.map((row) => (
          <li key={row.id}>
            <ModerationRow
              row={row}
              onAction={(action) => open({ row, action })}
              onDismiss={(report) => open({ row, report })}
              onCopies={(copies) => replaceRow(row.id, (current) => ({ ...current, renditionJob: copies.renditionJob }))}
            />
          </li>
        ))}
      </ul>
      {data && (
        <Pagination page={data.current_page} lastPage={data.last_page} hrefFor={(page) => `/admin/resources/${list}${filtersQuery({ ...filters, page })}`} />
      )}
      {pending && dialog && (
        <ConfirmDialog
          {...dialog}
          confirmDisabled={rule === 'required' && reason.trim() === ''}
          onConfirm={() => confirm(pending)}
          onCancel={() => setPending(null)}
        >
          {rule && (
            <div className="moderation-reason">
              <label htmlFor={reasonId}>{rule === 'required' ? t.reason.required : t.reason.optional}</label>
              <textarea id={reasonId} className="input" rows={3} maxLength={REASON_MAX} required={rule === 'required'} value={reason} onChange={(event) => setReason(event.target.value)} />
            </div>
          )}
        </ConfirmDialog>
      )}
    </section>
  );
}
