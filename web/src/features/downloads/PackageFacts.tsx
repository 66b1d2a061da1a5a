import type { Package } from '@kit/contract';
import { esPortal } from '../../i18n/es-portal.ts';
import { formatDate, formatFileSize } from '../../ui/format.ts';

/** A package's version, size, file and date, as a definition list: only `dt`/`dd` groups in it, as assistive technology reads them. */
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
      <div>
        <dt>{esPortal.common.published}</dt>
        <dd>{formatDate(pkg.uploadedAt)}</dd>
      </div>
    </dl>
  );
}
