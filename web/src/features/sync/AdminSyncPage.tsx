import { useState } from 'react';
import { exportCertificates } from './sync-api.ts';
import { CourierPanel } from './CourierPanel.tsx';
import { EnrolmentTokensPanel } from './EnrolmentTokensPanel.tsx';
import { ExportForm } from './ExportForm.tsx';
import { HubCertificatesPanel } from './HubCertificatesPanel.tsx';
import { HubPanel } from './HubPanel.tsx';
import { ImportHistory } from './ImportHistory.tsx';
import { KitEnrolmentPanel } from './KitEnrolmentPanel.tsx';
import { ImportPanel, type ImportChoices } from './ImportPanel.tsx';
import { SyncJobCard } from './SyncJobCard.tsx';
import { TrustedKeys } from './TrustedKeys.tsx';
import { useSyncStatus } from './use-sync-status.ts';
import { esSync as t } from '../../i18n/es-sync.ts';
import './sync.css';
import type { AdminPages } from '../../ui/admin-pages.ts';

/** /admin/sync: export and import content packs (download, upload or USB), the hub, trusted publishers, history. */
export function AdminSyncPage() {
  const { status, running, refresh, follow, report, setReport } = useSyncStatus();
  const [choices, setChoices] = useState<ImportChoices>({ arrival: 'pending', acceptUntrusted: false });

  if (!status) return <section className="admin-page"><h1>{t.title}</h1></section>;
  return (
    <section className="admin-page sync-page">
      <h1>{t.title}</h1>
      <p>{t.intro}</p>
      {status.job && <SyncJobCard job={status.job} />}

      <h2>{t.export.title}</h2>
      <ExportForm drives={status.drives} running={running} follow={follow} />

      <h2>{t.import.title}</h2>
      <ImportPanel status={status} running={running} choices={choices} onChoices={setChoices} report={report} setReport={setReport} refresh={refresh} follow={follow} />

      <h2>{t.hub.title}</h2>
      <HubPanel hub={status.hub} running={running} arrival={choices.arrival} follow={follow} refresh={refresh} />
      {status.hub.uploadUrl && <CourierPanel courier={status.courier} />}
      {status.enrolmentToken && !status.certificates && (
        <KitEnrolmentPanel token={status.enrolmentToken} drives={status.drives} running={running} onExport={(drive) => void follow(() => exportCertificates(drive))} />
      )}
      {status.certificates && (
        <HubCertificatesPanel certificates={status.certificates} drives={status.drives} running={running} onExport={(drive) => void follow(() => exportCertificates(drive))} />
      )}

      <EnrolmentTokensPanel />

      <h2>{t.keys.title}</h2>
      <TrustedKeys status={status} refresh={refresh} />

      <h2>{t.history.title}</h2>
      <ImportHistory imports={status.imports} />
    </section>
  );
}

export const adminPages: AdminPages = { sync: { Component: AdminSyncPage } };
