import type { ServicesModeName, SyncSettings } from '@kit/contract';

/** Settings admins change from /admin/data, with the value a fresh kit starts with. */
export interface Settings {
  servicesMode: ServicesModeName;
  resourceModeration: boolean;
  restrictedMode: boolean;
  appDenyDownloadsForUsers: boolean;
  tutorialCategoryId: number | null;
  clientCategoryId: number | null;
  productSlug: string;
  productName: string;
  contactEmail: string;
  contactPhones: string[];
  /** the group's mobile app offered at /extra/download (a download_packages row), null until an admin uploads one */
  appPackageId: number | null;
  /** each user's storage for uploads in MiB (modules/uploads/quota.service.ts); null: no limit */
  uploadQuotaMb: number | null;
  /** the hub this kit syncs with, as an admin saved it on /admin/sync; null: KIT_SYNC_* (modules/sync/hub-settings.ts) */
  hubSync: Readonly<SyncSettings> | null;
}

export const SETTING_DEFAULTS: Readonly<Settings> = Object.freeze({
  servicesMode: 'default',
  resourceModeration: true,
  restrictedMode: false,
  appDenyDownloadsForUsers: false,
  tutorialCategoryId: null,
  clientCategoryId: null,
  productSlug: 'biblioteca',
  productName: 'Biblioteca',
  contactEmail: 'soporte@portal.kit',
  contactPhones: ['+51 987 654 321', '+51 912 345 678'],
  appPackageId: null,
  // 2 GiB: twice the largest file a fresh kit takes (KIT_MAX_UPLOAD_MB), so anyone can
  // replace their biggest video; on the usual 32 GB card about ten people at the limit
  // fill what the system and library leave, long after the admin sees it on /admin/data.
  uploadQuotaMb: 2048,
  hubSync: null,
});
