import type { Storage } from '@kit/contract';
import { useEffect, useState } from 'react';
import { getStorage } from '../../api/admin.ts';
import { esAdmin } from '../../i18n/es-admin.ts';
import { formatFileSize } from '../../ui/format.ts';

const t = esAdmin.data;

/** What the kit's disk holds: free space, media by kind, the database. */
export function StorageSummary() {
  const [storage, setStorage] = useState<Storage | null>(null);
  useEffect(() => {
    const ctrl = new AbortController();
    getStorage(ctrl.signal).then(setStorage, () => undefined);
    return () => ctrl.abort();
  }, []);
  if (!storage) return null;
  return (
    <div data-testid="storage">
      <p>{t.diskFree(formatFileSize(storage.disk.freeBytes), formatFileSize(storage.disk.totalBytes))}</p>
      <h3>{t.media}</h3>
      <ul>
        {storage.media.map((m) => <li key={m.kind}>{t.mediaKinds[m.kind] ?? t.otherMedia}: {m.files} · {formatFileSize(m.bytes)}</li>)}
      </ul>
      <p>{t.database}: {formatFileSize(storage.databaseBytes)}</p>
    </div>
  );
}
