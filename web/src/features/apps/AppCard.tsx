import type { AppEntry } from '@kit/contract';
import { Link } from 'react-router';
import { esPortal } from '../../i18n/es-portal.ts';
import { fill } from '../../ui/fill.ts';
import { formatFileSize } from '../../ui/format.ts';
import { ResourceCover } from '../library/ResourceCover.tsx';

/** One app of /uapps: icon, name, version, size, description and its (counted) download. */
export function AppCard({ app }: { app: AppEntry }) {
  const t = esPortal.apps;
  return (
    <article className="surface app-card" data-testid={`app-${app.id}`}>
      <div className="app-card__icon">
        <ResourceCover resource={app} />
      </div>
      <div className="app-card__body">
        <h2 className="app-card__title">
          <Link to={`/resource/${app.id}`}>{app.title}</Link>
        </h2>
        <dl className="app-card__facts">
          {app.app_version && (
            <div>
              <dt>{esPortal.common.version}</dt>
              <dd>{app.app_version}</dd>
            </div>
          )}
          {app.size !== null && (
            <div>
              <dt>{esPortal.common.size}</dt>
              <dd>{formatFileSize(app.size)}</dd>
            </div>
          )}
        </dl>
        {app.description && <p className="app-card__description">{app.description}</p>}
        {app.downloadUrl ? (
          <a className="button" href={app.downloadUrl} download>
            {app.size !== null ? fill(t.downloadSized, { size: formatFileSize(app.size) }) : t.download}
          </a>
        ) : (
          <p className="app-card__note">{app.downloadsOff ? t.downloadsOff : t.noFile}</p>
        )}
      </div>
    </article>
  );
}
