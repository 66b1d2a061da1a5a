import type { Db } from '../../db/connection.ts';
import { visibleResource } from '../../catalog/resource-lookup.ts';
import { AppError } from '../../errors.ts';
import { mediaPath } from '../../media/store.ts';
import type { Viewer } from '../../types.ts';
import { ZimFile } from '../../zim/zim-file.ts';
import { articleCopy, type ArticleCopy } from './article-copy.ts';
import { libraryOf, zimRefusal } from './libraries.service.ts';

/**
 * What a page of a ZIM may do (docs/API-contributions.md#bibliotecas-zim): run in a sandbox with an
 * opaque origin (no allow-same-origin), so it cannot read the portal's cookies or storage.
 */
export const ZIM_PAGE_CSP = 'sandbox allow-scripts allow-forms allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation';

/** The self-contained copy of an article of a library the viewer may see; a library whose check failed is held back (404). */
export async function copyOfArticle(db: Db, dataDir: string, resourceId: number, path: string, viewer: Viewer | null): Promise<ArticleCopy> {
  visibleResource(db, resourceId, viewer);
  const library = libraryOf(db, resourceId);
  if (!library || library.check_state === 'failed') throw new AppError('RESOURCE_NOT_FOUND');
  let zim: ZimFile;
  try {
    zim = await ZimFile.open(mediaPath(dataDir, library.media_sha256, 'zim'));
  } catch (error) {
    throw zimRefusal(error);
  }
  try {
    return await articleCopy(zim, path);
  } catch (error) {
    throw zimRefusal(error);
  } finally {
    await zim.close();
  }
}
