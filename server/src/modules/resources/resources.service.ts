import type { QueryContentAll, ResourcePage, ResourceSummary } from '@kit/contract';
import { canSee } from '../../access/privilege.ts';
import { CategoryTree } from '../../catalog/category-tree.ts';
import { loadSummaries } from '../../catalog/resource-cards.ts';
import { countUse } from '../../catalog/resources.repo.ts';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { pageRequest } from '../../paging.ts';
import type { Viewer } from '../../access/viewer.ts';
import { findResources } from '../search/search.service.ts';
import { findResourceMedia, randomPublishedId, type DbResourceMedia } from './resources.repo.ts';

/** A resource's file, if the viewer may see the resource. */
export function visibleMedia(db: Db, id: number, viewer: Viewer | null): DbResourceMedia {
  const media = findResourceMedia(db, id);
  if (!media || !canSee(media, viewer)) throw new AppError('MEDIA_NOT_FOUND');
  return media;
}

/** Counts a download of a resource's file (the caller has already counted it once per viewer a day). */
export function countDownload(db: Db, resourceId: number): void {
  countUse(db, resourceId, 'downloads', 1);
}

/** One published resource at random, of a type (0 or absent: any), outside the categories the viewer may not see. */
export function randomSummary(db: Db, viewer: Viewer | null, type: number | undefined): ResourceSummary {
  const tree = CategoryTree.load(db, viewer);
  const id = randomPublishedId(db, { typeCode: type ? type : null, excludeCategoryIds: tree.hiddenIds() });
  const [summary] = id === null ? [] : loadSummaries(db, [id], tree);
  if (!summary) throw new AppError('LIBRARY_EMPTY');
  return summary;
}

/** The paged library: every resource the viewer may see, of a type and a category (with its descendants). */
export function libraryPage(db: Db, viewer: Viewer | null, query: QueryContentAll): ResourcePage {
  const { page, perPage } = pageRequest(query);
  const { capped: _capped, ...answer } = findResources(db, viewer, {
    page,
    perPage,
    type: query.type,
    categories: query.category === undefined ? undefined : [query.category],
  });
  return answer;
}
