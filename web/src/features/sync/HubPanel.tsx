import type { ImportArrival, SyncStatus } from '@kit/contract';
import { publishFeed, syncNow } from '../../api/sync.ts';
import { esSync as t } from '../../i18n/es-sync.ts';

interface HubPanelProps {
  hub: SyncStatus['hub'];
  running: boolean;
  arrival: ImportArrival;
  follow: (start: () => Promise<{ id: number }>) => Promise<void>;
}

/** The hub this kit syncs with: its addresses, the last pull, and the buttons to sync or publish now. */
export function HubPanel({ hub, running, arrival, follow }: HubPanelProps) {
  return (
    <>
      <dl className="sync-hub">
        <dt>{t.hub.feed}</dt><dd>{hub.feedUrl ?? t.hub.none}</dd>
        <dt>{t.hub.upload}</dt><dd>{hub.uploadUrl ?? t.hub.none}</dd>
        <dt>{t.hub.lastPull}</dt>
        <dd data-testid="last-pull">
          {hub.lastPull ? `${new Date(hub.lastPull.at).toLocaleString('es')} · ${hub.lastPull.message}` : t.hub.never}
        </dd>
      </dl>
      <p>{t.hub.schedule(hub.intervalHours)}</p>
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
