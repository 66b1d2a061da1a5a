import type { ManagedSummary, Report, ResourceRenditions } from '@kit/contract';
import { Link } from 'react-router';
import { esModeration } from '../../i18n/es-moderation.ts';
import { formatDate } from '../../ui/format.ts';
import { TypeBadge } from '../library/TypeBadge.tsx';
import { RenditionNotice } from '../resources/RenditionNotice.tsx';
import { rowActions, stateLabels, type RowAction } from './moderation-lists.ts';

const t = esModeration;

interface ModerationRowProps {
  row: ManagedSummary;
  onAction: (action: RowAction) => void;
  onDismiss: (report: Report) => void;
  /** the light-copy job's new state after a retry */
  onCopies: (copies: ResourceRenditions) => void;
}

/** One resource of an admin list: what it is, whose, when, its state and reports, and the moves it allows now. */
export function ModerationRow({ row, onAction, onDismiss, onCopies }: ModerationRowProps) {
  const actions = rowActions(row.actions);
  return (
    <article className="moderation-row" data-testid={`moderation-row-${row.id}`} aria-labelledby={`moderation-title-${row.id}`}>
      <h2 className="moderation-row__title" id={`moderation-title-${row.id}`}>
        <Link to={`/resource/${row.id}`}>{row.title}</Link>
      </h2>
      <dl className="moderation-row__meta">
        <div>
          <dt>{t.filters.type}</dt>
          <dd>
            <TypeBadge type={row.type} />
          </dd>
        </div>
        <div>
          <dt>{t.row.owner}</dt>
          <dd>{row.user?.user_name ?? t.row.noOwner}</dd>
        </div>
        <div>
          <dt>{t.row.date}</dt>
          <dd>{formatDate(row.createdAt)}</dd>
        </div>
        <div>
          <dt>{t.row.state}</dt>
          <dd data-testid="moderation-state">
            {stateLabels(row).map((label) => (
              <span key={label} className="moderation-chip" data-status={row.status}>
                {label}
              </span>
            ))}
          </dd>
        </div>
      </dl>
      <RenditionNotice resource={row} onChange={onCopies} compact />
      {row.statusReason && (
        <p className="moderation-row__reason">
          <strong>{t.row.reason}:</strong> {row.statusReason}
        </p>
      )}
      {row.reports && row.reports.length > 0 && (
        <section className="moderation-reports" aria-label={t.row.reports}>
          <h3>{t.row.reports}</h3>
          <ul>
            {row.reports.map((report) => (
              <li key={report.id} data-testid={`report-${report.id}`}>
                <p className="moderation-reports__reason">{report.reason}</p>
                <p className="moderation-reports__by">{t.row.reportBy(report.user?.user_name ?? t.row.anonymousReporter, formatDate(report.createdAt))}</p>
                <button type="button" className="button button--light" onClick={() => onDismiss(report)}>
                  {t.actions.dismiss}
                </button>
              </li>
            ))}
          </ul>
        </section>
      )}
      {actions.length > 0 && (
        <div className="admin-actions moderation-row__actions">
          {actions.map((action) => (
            <button key={action} type="button" className={action === 'approve' || action === 'publish' ? 'button' : 'button button--light'} onClick={() => onAction(action)}>
              {t.actions[action]}
            </button>
          ))}
        </div>
      )}
    </article>
  );
}
