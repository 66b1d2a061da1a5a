/*
 * Portal (docs/API-portal.md): constants the server validates with and the web's forms
 * check before sending. Plain data, no TypeBox, so the web imports this file
 * by its own path (`@kit/contract/portal-data`) without pulling schema code
 * into the phone's bundle.
 */

/** Where a menu tile goes: a route of the PWA, a library category, a library type filter, another service's URL on the kit, or nowhere yet. */
export const TILE_TARGET_KINDS = ['route', 'category', 'type', 'url', 'none'] as const;
export type TileTargetKind = (typeof TILE_TARGET_KINDS)[number];
export const TILE_LABEL_MAX = 40;
/**
 * The pictograms a menu tile can show, named for what they draw: one for each
 * tool of the catalogue and a few more for tiles admins add. The web draws
 * them (features/menu/pictograms.ts); the server accepts only these names.
 */
export const TILE_ICONS = [
  'person', 'library', 'gear', 'megaphone', 'film', 'clipboard', 'globe', 'cap', 'health', 'apps', 'newspaper', 'book', 'leaf',
  'apple', 'smile', 'chat', 'briefcase', 'government', 'play', 'download', 'plus', 'star', 'music', 'pin', 'calendar', 'water',
] as const;
export type TileIcon = (typeof TILE_ICONS)[number];
/** What a tile an admin adds shows until the admin picks a pictogram. */
export const DEFAULT_TILE_ICON: TileIcon = 'star';
export const TILE_TARGET_MAX = 300;
/** Tiles an admin may add to one services mode. */
export const MAX_CUSTOM_TILES = 30;

/** Slots of the banners admins upload (docs/PRODUCT.md#menu-banners Services paths). */
export const BANNER_SLOTS = ['menuTop', 'menuBottom', 'menuMobile', 'publicity'] as const;
export type BannerSlot = (typeof BANNER_SLOTS)[number];
export const BANNER_MAX_BYTES = 3 * 1024 * 1024;

/** Ads board. */
export const AD_CATEGORIES = ['avisos', 'venta', 'empleo', 'servicios', 'eventos', 'perdidos', 'otros'] as const;
export type AdCategory = (typeof AD_CATEGORIES)[number];
export const AD_STATUSES = ['pending', 'published', 'rejected', 'blocked'] as const;
export type AdStatus = (typeof AD_STATUSES)[number];
/**
 * Moderation, like resources: a villager's notice waits as pending until an
 * admin publishes, rejects or blocks it; a published one can still be
 * blocked, and a rejected or blocked one published after all.
 */
export const AD_TRANSITIONS: Readonly<Record<AdStatus, readonly ('published' | 'rejected' | 'blocked')[]>> = {
  pending: ['published', 'rejected', 'blocked'],
  published: ['blocked'],
  rejected: ['published'],
  blocked: ['published'],
};
export const AD_TITLE_MIN = 3;
export const AD_TITLE_MAX = 80;
export const AD_TEXT_MIN = 10;
export const AD_TEXT_MAX = 1000;
export const AD_CONTACT_MAX = 120;
export const AD_REASON_MAX = 300;
export const AD_QUERY_MAX = 100;
/** How long a notice stays up, chosen when it is posted; then it expires by itself. */
export const AD_EXPIRY_DAYS = [7, 14, 30, 60] as const;
export const AD_DEFAULT_EXPIRY_DAYS = 30;
export const AD_IMAGE_MAX_BYTES = 3 * 1024 * 1024;
/** Notices one user may have waiting for moderation at once. */
export const AD_PENDING_LIMIT = 5;
export const ADS_PER_PAGE = 20;

/** Contact form. */
export const CONTACT_NAME_MAX = 80;
export const CONTACT_REPLY_TO_MAX = 120;
export const CONTACT_MESSAGE_MIN = 10;
export const CONTACT_MESSAGE_MAX = 2000;
export const CONTACT_MESSAGES_PER_PAGE = 30;

/** Packages admins upload for /extra/download and /extra/download-browser. */
export const PACKAGE_MAX_BYTES = 300 * 1024 * 1024;
export const PACKAGE_NAME_MAX = 60;
export const PACKAGE_VERSION_MAX = 30;
export const PACKAGE_NOTES_MAX = 300;

/** docs/PRODUCT.md#terms static file: the terms and conditions, printable and downloadable. */
export const TERMS_PDF_PATH = '/pdf/tyc-uayki.pdf';
