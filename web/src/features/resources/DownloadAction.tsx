import type { ResourceDetail } from '@kit/contract';
import { RESOURCE_TYPES } from '@kit/contract/values';
import { hasLightCopy } from '../../api/phone-copy.ts';
import { esLibrary } from '../../i18n/es-library.ts';
import { fill } from '../../ui/fill.ts';
import { formatFileSize } from '../../ui/format.ts';
import { Icon } from '../../ui/Icon.tsx';

/**
 * The download link of every downloadable resource (?download=1: an
 * attachment with a Spanish file name, counted as a download). An app's is the
 * main action of its page; where the kit made a light copy (which saving and
 * "Descargar al teléfono" take), it names itself the original.
 */
export function DownloadAction({ resource }: { resource: ResourceDetail }) {
  if (!resource.downloadUrl) return null;
  const t = esLibrary.resource;
  const isApp = resource.type === RESOURCE_TYPES.APP;
  const original = !isApp && hasLightCopy(resource);
  const label = isApp ? t.downloadApp : original ? t.downloadOriginal : t.download;
  const size = resource.size === null ? null : formatFileSize(resource.size);
  return (
    <a
      href={resource.downloadUrl}
      download={resource.fileName ?? ''}
      className={isApp ? 'button resource-download resource-download--app' : 'button button--light resource-download'}
      data-testid="resource-download"
    >
      <Icon name="download" size={20} />
      <span>{size ? (isApp ? `${label} (${size})` : fill(original ? t.downloadOriginalSized : t.downloadSized, { size })) : label}</span>
    </a>
  );
}
