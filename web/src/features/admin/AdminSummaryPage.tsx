import type { Dashboard, DashboardCounters } from '@kit/contract';
import { useEffect, useState } from 'react';
import { getDashboard } from '../../api/admin.ts';
import { BarChart, LineChart } from './Charts.tsx';
import { esAdmin } from '../../i18n/es-admin.ts';
import type { AdminPages } from '../../ui/admin-pages.ts';

const t = esAdmin.summary;
const COUNTERS: (keyof DashboardCounters)[] = ['users', 'resources', 'playlists', 'downloads', 'reports', 'pendingApproval', 'drafts', 'categories'];

/** /admin Resumen: the eight counters and the charts. */
export function AdminSummaryPage() {
  const [data, setData] = useState<Dashboard | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const ctrl = new AbortController();
    // docs/PRODUCT.md#failure-messages: a dashboard failure is not announced; the page says it has no data.
    getDashboard(ctrl.signal).then(setData, () => setFailed(!ctrl.signal.aborted));
    return () => ctrl.abort();
  }, []);
  return (
    <section className="admin-page">
      <h1>{t.title}</h1>
      {failed && <p className="admin-error">{t.loadError}</p>}
      <ul className="admin-counters">
        {COUNTERS.map((key) => (
          <li key={key} className="admin-counter" data-testid={`counter-${key}`}>
            <span className="admin-counter__value">{data ? data[key] : '…'}</span>
            {t.counters[key]}
          </li>
        ))}
      </ul>
      {data && (
        <div className="admin-charts">
          <section className="admin-card">
            <h2>{t.perDay}</h2>
            <LineChart
              label={t.perDay}
              days={data.charts.perDay.map((d) => d.day)}
              series={[
                { name: t.views, values: data.charts.perDay.map((d) => d.views), className: 'chart__views' },
                { name: t.downloads, values: data.charts.perDay.map((d) => d.downloads), className: 'chart__downloads' },
              ]}
            />
          </section>
          <section className="admin-card">
            <h2>{t.byType}</h2>
            <BarChart label={t.byType} items={data.charts.byType.map((b) => ({ label: esAdmin.types[b.typeCode] ?? String(b.typeCode), value: b.count }))} />
          </section>
          <section className="admin-card">
            <h2>{t.topResources}</h2>
            {data.charts.topResources.length === 0 ? <p>{t.empty}</p> : <BarChart label={t.topResources} items={data.charts.topResources.map((r) => ({ label: r.title, value: r.views }))} />}
          </section>
          <section className="admin-card">
            <h2>{t.topCategories}</h2>
            {data.charts.topCategories.length === 0 ? <p>{t.empty}</p> : <BarChart label={t.topCategories} items={data.charts.topCategories.map((c) => ({ label: c.name, value: c.views }))} />}
          </section>
        </div>
      )}
    </section>
  );
}

export const adminPages: AdminPages = { '': { Component: AdminSummaryPage } };
