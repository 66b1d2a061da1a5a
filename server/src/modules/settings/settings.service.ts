import { RESERVED_SLUGS, type UpdateSettings } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { categoryExists, existingUserIds } from './settings.repo.ts';

/** Checks what the schema cannot: ids that must exist, reserved slugs, an admin denying themselves. */
export function validateSettings(db: Db, body: UpdateSettings, viewerId: number): void {
  if (body.deniedUsers !== undefined) {
    if (body.deniedUsers.includes(viewerId)) throw new AppError('SETTING_DENY_SELF', { field: 'body.deniedUsers' });
    const found = existingUserIds(db, body.deniedUsers);
    const missing = body.deniedUsers.filter((id) => !found.has(id));
    if (missing.length > 0) throw new AppError('SETTING_USER_NOT_FOUND', { field: 'body.deniedUsers', missing });
  }
  for (const key of ['tutorialCategoryId', 'clientCategoryId'] as const) {
    const id = body[key];
    if (id !== undefined && id !== null && !categoryExists(db, id)) throw new AppError('SETTING_CATEGORY_NOT_FOUND', { field: `body.${key}` });
  }
  if (body.productSlug !== undefined && RESERVED_SLUGS.includes(body.productSlug)) {
    throw new AppError('PRODUCT_SLUG_RESERVED', { field: 'body.productSlug' });
  }
}
