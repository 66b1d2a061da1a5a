import type { ImportArrival, SyncStatus } from '@kit/contract';
import { publishFeed, syncNow } from './sync-api.ts';
import { esSync as t } from '../../i18n/es-sync.ts';
import { HubSettingsForm } from './HubSettingsForm.tsx';

interface HubPanelProps {
  hub: SyncStatus['hub'];
  running: boolean;
  arrival: ImportArrival;
  follow: (start: () => Promise<{ id: number }>) => Promise<void>;
  refresh: () => Promise<void>;
}

/** The hub this kit syncs with: its addresses and interval to edit, the last pull, and the buttons to sync or publish now. */
export function HubPanel({ hub, running, arrival, follow, refresh }: HubPanelProps) {
  return (
    <>
      <HubSettingsForm hub={hub} refresh={refresh} />
      <p data-testid="hub-schedule">{t.hub.schedule(hub.intervalHours, hub.nextSyncAt && new Date(hub.nextSyncAt).toLocaleString('es'))}</p>
      <dl className="sync-hub">
        <dt>{t.hub.lastPull}</dt>
        <dd data-testid="last-pull">
          {hub.lastPull ? `${new Date(hub.lastPull.at).toLocaleString('es')} · ${hub.lastPull.message}` : t.hub.never}
        </dd>
      </dl>
      <div className="admin-toolbar">
        <button type="button" className="button" disabled={running || (!hub.feedUrl && !hub.uploadUrl)} onClick={() => void follow(() => syncNow(arrival))}>
          {t.hub.syncNow}
        </button>
        <button type="button" className="button" disabled={running} onClick={() => void follow(publishFeed)}>{t.hub.publish}</button>
      </div>
      <p>{hub.published ? t.hub.published(hub.published.packs, new Date(hub.published.at).toLocaleString('es')) : t.hub.notPublished}</p>
    </>
  );
}
