import type { ServicesModeName } from '@kit/contract';

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
});
