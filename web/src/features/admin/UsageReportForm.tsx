import { useState } from 'react';
import { downloadCsv } from '../../api/admin.ts';
import { esAdmin } from '../../i18n/es-admin.ts';
import { notifyError } from '../../ui/notifications/notifications-store.ts';

const t = esAdmin.data;

/** Usage reports as CSV: a date range and what to count by, downloaded by the browser. */
export function UsageReportForm() {
  const [report, setReport] = useState({ from: '', to: '', by: 'resource' });
  return (
    <div className="admin-toolbar">
      <label>{t.from} <input className="input" type="date" value={report.from} onChange={(e) => setReport({ ...report, from: e.target.value })} /></label>
      <label>{t.to} <input className="input" type="date" value={report.to} onChange={(e) => setReport({ ...report, to: e.target.value })} /></label>
      <label>
        {t.by}{' '}
        <select className="input" value={report.by} onChange={(e) => setReport({ ...report, by: e.target.value })}>
          {(['resource', 'category', 'day'] as const).map((b) => <option key={b} value={b}>{t.byOptions[b]}</option>)}
        </select>
      </label>
      <button
        type="button"
        className="button"
        onClick={() => {
          const q = new URLSearchParams({ by: report.by, ...(report.from ? { from: report.from } : {}), ...(report.to ? { to: report.to } : {}) });
          downloadCsv(`/v2/admin/reports/usage.csv?${q}`, `uso-${report.by}.csv`).catch(() => notifyError(t.reportError));
        }}
      >
        {t.download}
      </button>
    </div>
  );
}
