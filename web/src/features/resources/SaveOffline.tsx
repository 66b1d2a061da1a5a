import type { ResourceDetail } from '@kit/contract';
import { RESOURCE_TYPES } from '@kit/contract/values';
import { useState } from 'react';
import { fill } from '../../ui/fill.ts';
import { formatFileSize } from '../../ui/format.ts';
import { Icon } from '../../ui/Icon.tsx';
import { keepPdfJs } from './pdf-assets.ts';
import { canUseServiceWorker } from '../../sw/register.ts';
import { esOfflinePages } from '../../i18n/es-offline-pages.ts';
import { hasLightCopy } from '../../api/phone-copy.ts';
import { savedFileOf, type SaveChoice } from '../../offline/saved-file.ts';
import { useSavedMedia } from '../../offline/use-saved-media.ts';
import '../../offline/offline.css';

const SAVABLE_TYPES: readonly number[] = [RESOURCE_TYPES.VIDEO, RESOURCE_TYPES.AUDIO, RESOURCE_TYPES.IMAGE, RESOURCE_TYPES.DOCUMENT];

/** Video, audio, pictures and documents with a file; apps and lists are not viewed offline. */
export function canSave(resource: Pick<ResourceDetail, 'type' | 'mediaUrl'>): boolean {
  return SAVABLE_TYPES.includes(resource.type) && !!resource.mediaUrl;
}

/**
 * "Guardar para ver sin conexión" where a service worker can run (HTTPS or
 * localhost: it answers the saved files). On plain HTTP, where none can, the
 * page's download link is the way to keep a file (DownloadAction).
 */
export function SaveOffline({ resource }: { resource: ResourceDetail }) {
  if (!canSave(resource) || !canUseServiceWorker()) return null;
  return <SaveInApp resource={resource} />;
}

// The phone's store (Dexie) loads when the person saves or deletes, not with the page.
const savedMedia = () => import('../../offline/saved-media.ts');

/** A label with the size of what it saves or downloads, when known. */
const sized = (label: string, bytes: number | null): string => (bytes === null ? label : fill(esOfflinePages.save.sized, { label, size: formatFileSize(bytes) }));

type Status = { kind: 'idle' } | { kind: 'saving'; loaded: number; total: number | null } | { kind: 'error'; message: string };

function SaveInApp({ resource }: { resource: ResourceDetail }) {
  const t = esOfflinePages.save;
  const saved = useSavedMedia(resource.id);
  const [status, setStatus] = useState<Status>({ kind: 'idle' });
  const [evicted, setEvicted] = useState<string[]>([]);

  const save = async (choice: SaveChoice) => {
    setStatus({ kind: 'saving', loaded: 0, total: savedFileOf(resource, choice)?.bytes ?? null });
    setEvicted([]);
    let noSpace = (_error: unknown): boolean => false;
    try {
      if (resource.mime === 'application/pdf') await keepPdfJs();
      const { saveForOffline, SaveError } = await savedMedia();
      noSpace = (error) => error instanceof SaveError && error.reason === 'noSpace';
      const result = await saveForOffline(resource, (loaded, total) => setStatus({ kind: 'saving', loaded, total }), Date.now(), choice);
      setEvicted(result.evicted);
      setStatus({ kind: 'idle' });
    } catch (error) {
      setStatus({ kind: 'error', message: noSpace(error) ? t.noSpace : t.failed });
    }
  };
  const light = hasLightCopy(resource);
  const buttons = (
    <>
      <button type="button" className="button button--light save-offline__button" onClick={() => void save('light')}>
        <Icon name="download" size={20} />
        <span>{sized(t.save, savedFileOf(resource, 'light')?.bytes ?? null)}</span>
      </button>
      {light && (
        <button type="button" className="button button--light save-offline__button" onClick={() => void save('original')} data-testid="save-original">
          {sized(t.saveOriginal, resource.size)}
        </button>
      )}
      {light && <p className="save-offline__note">{t.lightNote}</p>}
    </>
  );

  if (saved === undefined && status.kind === 'idle' && evicted.length === 0) {
    return <div className="save-offline">{buttons}</div>;
  }
  return (
    <div className="save-offline" data-testid="save-offline">
      {status.kind === 'saving' && <SaveProgress loaded={status.loaded} total={status.total} />}
      {status.kind === 'error' && (
        <>
          <p className="save-offline__note" role="alert">
            {status.message}
          </p>
          {buttons}
        </>
      )}
      {saved && status.kind === 'idle' && (
        <div className="save-offline__saved">
          <p role="status">{fill(t.saved, { size: formatFileSize(saved.bytes) })}</p>
          <button type="button" className="button button--light" onClick={() => void savedMedia().then(({ deleteSaved }) => deleteSaved(resource.id))}>
            {t.remove}
          </button>
        </div>
      )}
      {evicted.length > 0 && (
        <p className="save-offline__note" role="status">
          {fill(t.evicted, { titles: evicted.join(', ') })}
        </p>
      )}
    </div>
  );
}

function SaveProgress({ loaded, total }: { loaded: number; total: number | null }) {
  const t = esOfflinePages.save;
  const percent = total ? Math.min(100, Math.round((loaded / total) * 100)) : null;
  return (
    <div className="save-offline__progress">
      <progress max={100} value={percent ?? undefined} aria-label={t.progress} />
      <span>{percent === null ? t.savingUnknown : fill(t.saving, { percent })}</span>
    </div>
  );
}
