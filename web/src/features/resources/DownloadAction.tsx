import type { ResourceDetail } from '@kit/contract';
import { RESOURCE_TYPES } from '@kit/contract/values';
import { asDownload, hasLightCopy, lightestFile } from '../../api/phone-copy.ts';
import { esLibrary } from '../../i18n/es-library.ts';
import { esOfflinePages } from '../../i18n/es-offline-pages.ts';
import { canUseServiceWorker } from '../../sw/register.ts';
import { fill } from '../../ui/fill.ts';
import { formatFileSize } from '../../ui/format.ts';
import { Icon } from '../../ui/Icon.tsx';
import { canSave } from './SaveOffline.tsx';

type Link = { href: string; download: string; label: string };

/**
 * The download links of a resource page (?download=1: an attachment with a
 * Spanish file name, counted as a download): one main link to the lightest file
 * (the kit's light copy where it made one) and, beside it, the original with its
 * size. Where no service worker can run (plain HTTP) the main link is
 * "Descargar al teléfono", the basic mode's way to keep a file (docs/PRODUCT.md#offline).
 */
export function downloadLinks(resource: ResourceDetail, basicMode: boolean): { main: Link; original: Link | null } | null {
  if (!resource.downloadUrl) return null;
  const t = esLibrary.resource;
  const size = (bytes: number | null) => (bytes === null ? null : formatFileSize(bytes));
  const own = { href: resource.downloadUrl, download: resource.fileName ?? '' };
  if (resource.type === RESOURCE_TYPES.APP) {
    const bytes = size(resource.size);
    return { main: { ...own, label: bytes ? `${t.downloadApp} (${bytes})` : t.downloadApp }, original: null };
  }
  const light = hasLightCopy(resource) ? lightestFile(resource) : null;
  const toPhone = basicMode && canSave(resource);
  const mainLabel = (bytes: string | null) =>
    toPhone ? (bytes ? fill(esOfflinePages.save.sized, { label: esOfflinePages.save.download, size: bytes }) : esOfflinePages.save.download) : bytes ? fill(t.downloadSized, { size: bytes }) : t.download;
  if (!light) return { main: { ...own, label: mainLabel(size(resource.size)) }, original: null };
  const originalSize = size(resource.size);
  return {
    main: { href: asDownload(light.url), download: '', label: mainLabel(size(light.bytes)) },
    original: { ...own, label: originalSize ? fill(t.downloadOriginalSized, { size: originalSize }) : t.downloadOriginal },
  };
}

/** The page's download choices: the main one as the page's main button, the original as a secondary one. */
export function DownloadAction({ resource, basicMode = !canUseServiceWorker() }: { resource: ResourceDetail; basicMode?: boolean }) {
  const links = downloadLinks(resource, basicMode);
  if (!links) return null;
  const isApp = resource.type === RESOURCE_TYPES.APP;
  // A library's main action is reading it (OpenLibraryAction): its file of GB is the second choice.
  const isLibrary = resource.type === RESOURCE_TYPES.LIBRARY;
  const toPhone = basicMode && canSave(resource);
  return (
    <div className="resource-downloads">
      <a
        href={links.main.href}
        download={links.main.download}
        className={isApp ? 'button resource-download resource-download--app' : isLibrary ? 'button button--light resource-download' : 'button resource-download'}
        data-testid="resource-download"
      >
        <Icon name={toPhone ? 'phone' : 'download'} size={20} />
        <span>{links.main.label}</span>
      </a>
      {links.original && (
        <a href={links.original.href} download={links.original.download} className="button button--light resource-download" data-testid="resource-download-original">
          {links.original.label}
        </a>
      )}
      {toPhone && <p className="save-offline__note">{esOfflinePages.save.downloadNote}</p>}
    </div>
  );
}
