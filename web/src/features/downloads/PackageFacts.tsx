import type { Package } from '@kit/contract';
import { esPortal } from '../../i18n/es-portal.ts';
import { fill } from '../../ui/fill.ts';
import { formatDate, formatFileSize } from '../../ui/format.ts';

/** A package's version, size and date, as a definition list. */
export function PackageFacts({ pkg }: { pkg: Package }) {
  return (
    <dl className="package-facts">
      {pkg.version && (
        <div>
          <dt>{esPortal.common.version}</dt>
          <dd>{pkg.version}</dd>
        </div>
      )}
      <div>
        <dt>{esPortal.common.size}</dt>
        <dd>{formatFileSize(pkg.size)}</dd>
      </div>
      <div>
        <dt>{esPortal.download.file}</dt>
        <dd>{pkg.fileName}</dd>
      </div>
      <div className="package-facts__date">{fill(esPortal.common.uploadedAt, { date: formatDate(pkg.uploadedAt) })}</div>
    </dl>
  );
}
