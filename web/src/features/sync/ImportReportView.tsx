import type { ImportReportBody } from '@kit/contract';
import { esSync } from '../../i18n/es-sync.ts';

const t = esSync.report;

/** What an import added, updated, skipped, refused and withdrew, item by item. */
export function ImportReportView({ report }: { report: ImportReportBody }) {
  const categoriesChanged = report.categoriesUpdated + report.categoriesRemoved + report.categoriesKept > 0;
  return (
    <div className="admin-card" data-testid="import-report">
      <h3>{t.title}</h3>
      <p data-testid="import-summary">{t.summary(report)}</p>
      {categoriesChanged && <p data-testid="import-categories">{t.categories(report)}</p>}
      {report.items.length > 0 && (
        <table className="admin-table">
          <thead>
            <tr><th>{t.resource}</th><th>{t.result}</th><th>{t.reason}</th></tr>
          </thead>
          <tbody>
            {report.items.map((item) => (
              <tr key={`${item.kind}-${item.globalId}`}>
                <td>{item.kind === 'category' ? t.category(item.title) : item.title}</td>
                <td>{t.outcome[item.outcome]}</td>
                <td>{item.reason ?? ''}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  );
}
