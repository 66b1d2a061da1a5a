import { type AppPage, RESOURCE_TYPES } from '@kit/contract';
import { mayDownload } from '../../access/download-rule.ts';
import type { Db } from '../../db/connection.ts';
import { resourceMediaUrl } from '../../media/media-url.ts';
import { pageRequest, type PageQuery } from '../../paging.ts';
import type { Viewer } from '../../access/viewer.ts';
import { findResources } from '../search/search.service.ts';
import { findAppExtras } from './apps.repo.ts';

/**
 * The apps repository (/uapps): the library's published resources of type
 * Aplicación, as the library lists them (hidden categories left out), by
 * title, with their description, version and a counted download link (or
 * whether downloads are off for this viewer).
 */
export function appsPage(db: Db, viewer: Viewer | null, query: PageQuery): AppPage {
  const { page, perPage } = pageRequest({ page: query.page });
  const { capped: _capped, ...result } = findResources(db, viewer, { page, perPage, type: RESOURCE_TYPES.APP, orderBy: 'title', order: 'asc' });
  const extras = findAppExtras(db, result.data.map((r) => r.id));
  const downloads = mayDownload(db, viewer);
  return {
    ...result,
    data: result.data.map((summary) => {
      const extra = extras.get(summary.id);
      return {
        ...summary,
        description: extra?.description ?? '',
        app_version: extra?.app_version ?? null,
        downloadUrl: downloads && extra?.has_file ? resourceMediaUrl(summary.id, true) : null,
        downloadsOff: !downloads && Boolean(extra?.has_file),
      };
    }),
  };
}
