import type { SyncStatus } from '@kit/contract';
import { esSync as t } from '../../i18n/es-sync.ts';

/** The kit's past imports, newest first as the kit lists them. */
export function ImportHistory({ imports }: { imports: SyncStatus['imports'] }) {
  if (imports.length === 0) return <p>{t.history.none}</p>;
  return (
    <ul data-testid="import-history">
      {imports.map((i) => (
        <li key={i.id}>
          {new Date(i.startedAt).toLocaleString('es')} · {t.history.source[i.source] ?? i.source} · {t.history.status[i.status] ?? i.status}
          {i.message && i.status !== 'done' ? ` · ${i.message}` : ''}
        </li>
      ))}
    </ul>
  );
}
