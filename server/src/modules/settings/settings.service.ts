import { RESERVED_SLUGS, type AdminSettings, type ServicesModeName, type UpdateSettings } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { insertSettingIfMissing, readSettings, writeSettings } from '../../kit-settings/kit-settings.repo.ts';
import { categoryExists, existingUserIds, readDeniedUserIds, replaceDeniedUsers } from './settings.repo.ts';

/** Every setting of /admin/data, as the table holds it now. */
export function adminSettings(db: Db): AdminSettings {
  const s = readSettings(db);
  return {
    servicesMode: s.servicesMode,
    resourceModeration: s.resourceModeration,
    restrictedMode: s.restrictedMode,
    appDenyDownloadsForUsers: s.appDenyDownloadsForUsers,
    deniedUsers: readDeniedUserIds(db),
    tutorialCategoryId: s.tutorialCategoryId,
    clientCategoryId: s.clientCategoryId,
    productName: s.productName,
    productSlug: s.productSlug,
    contactEmail: s.contactEmail,
    contactPhones: s.contactPhones,
    uploadQuotaMb: s.uploadQuotaMb,
  };
}

/** The mode a fresh kit starts in; after that the admins' choice stands. */
export function seedServicesMode(db: Db, mode: ServicesModeName): void {
  insertSettingIfMissing(db, 'servicesMode', mode);
}

/** Checks a change, then stores it whole or not at all. */
export function saveSettings(db: Db, body: UpdateSettings, viewerId: number): AdminSettings {
  validateSettings(db, body, viewerId);
  const { deniedUsers, ...rest } = body;
  db.transaction(() => {
    writeSettings(db, rest);
    if (deniedUsers !== undefined) replaceDeniedUsers(db, deniedUsers);
  })();
  return adminSettings(db);
}

/** Checks what the schema cannot: ids that must exist, reserved slugs, an admin denying themselves. */
function validateSettings(db: Db, body: UpdateSettings, viewerId: number): void {
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
