import type { Banner } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { mediaUrl } from '../../media/media-url.ts';
import { boardPictures } from '../ads/ads.service.ts';
import { AppError } from '../../errors.ts';
import { activeMenuBanners, activePublicityBanners, deleteBanner, findBanner, findBanners, insertBanner, type DbBanner } from './menu.repo.ts';
import type { MenuBanners } from './menu.service.ts';

/** Approved notices' pictures the publicity banner takes at most, newest first. */
const PUBLICITY_ADS = 20;

export function toWireBanner(row: DbBanner): Banner {
  return { id: row.id, slot: row.slot, imageUrl: mediaUrl(row.media_sha256, row.ext), active: row.active === 1, createdAt: row.created_at };
}

/**
 * The menu's banners (the newest active one of each slot) and the publicity
 * banner: turn `turn` of a rotation over the admins' publicity banners and
 * the pictures of the notices on the board now (expired ones never).
 */
export function menuBanners(db: Db, now: Date, turn: number): MenuBanners {
  const bySlot = new Map(activeMenuBanners(db).map((row) => [row.slot, mediaUrl(row.media_sha256, row.ext)]));
  const pool = [
    ...activePublicityBanners(db).map((row) => mediaUrl(row.media_sha256, row.ext)),
    ...boardPictures(db, now, PUBLICITY_ADS).map((image) => mediaUrl(image.sha256, image.ext)),
  ];
  return {
    menuTop: bySlot.get('menuTop') ?? null,
    menuBottom: bySlot.get('menuBottom') ?? null,
    menuMobile: bySlot.get('menuMobile') ?? null,
    publicity: pool.length > 0 ? (pool[turn % pool.length] ?? null) : null,
  };
}

/**
 * Whether a stored file is one the menu may show now: an active banner of
 * any slot, or a notice's picture in the publicity rotation. Restricted mode
 * lets anonymous phones fetch these and no other file (plugins/restricted-mode.ts).
 */
export function isMenuMedia(db: Db, sha256: string, now: Date): boolean {
  return (
    activeMenuBanners(db).some((row) => row.media_sha256 === sha256) ||
    activePublicityBanners(db).some((row) => row.media_sha256 === sha256) ||
    boardPictures(db, now, PUBLICITY_ADS).some((image) => image.sha256 === sha256)
  );
}

export const listBanners = (db: Db): Banner[] => findBanners(db).map(toWireBanner);

/** A stored picture becomes a banner of the slot. */
export function addBanner(db: Db, slot: DbBanner['slot'], sha256: string): Banner {
  const row = findBanner(db, insertBanner(db, slot, sha256));
  if (!row) throw new AppError('INTERNAL');
  return toWireBanner(row);
}

export function removeBanner(db: Db, id: number): void {
  if (!deleteBanner(db, id)) throw new AppError('BANNER_NOT_FOUND');
}
