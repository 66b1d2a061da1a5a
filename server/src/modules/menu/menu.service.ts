import {
  COUNTRIES,
  DEFAULT_TILE_ICON,
  TILE_ICONS,
  TOOL_IDS,
  type AdminTile,
  type FastAccessServices,
  type Service,
  type ServicesModeName,
  type TileIcon,
  type TileTarget,
  type ToolId,
} from '@kit/contract';
import { MODES, TOOLS } from './menu.catalog.ts';
import type { DbMenuTile } from './menu.repo.ts';

/** What resolving a mode's tiles needs to know about the kit. */
export interface TileContext {
  productSlug: string;
  productName: string;
  tutorialCategoryId: number | null;
  /** category ids that exist, among those tiles point to */
  categoryIds: ReadonlySet<number>;
}

export const CUSTOM_PREFIX = 'custom-';
export const isToolId = (id: string): id is ToolId => (TOOL_IDS as readonly string[]).includes(id);

/** A stored pictogram still in the set, else null (the tile's default then). */
function storedIcon(icon: string | null | undefined): TileIcon | null {
  return (TILE_ICONS as readonly string[]).includes(icon ?? '') ? (icon as TileIcon) : null;
}

/** The target a catalogue tool has until an admin changes it. */
function catalogueTarget(toolId: ToolId, ctx: TileContext): TileTarget {
  if (toolId === 'tutorial' && ctx.tutorialCategoryId !== null) return { kind: 'category', value: String(ctx.tutorialCategoryId) };
  return TOOLS[toolId].target;
}

/** A target's link on the menu; null when there is none (or its category is gone). */
export function hrefOf(target: TileTarget, ctx: TileContext): { href: string | null; external: boolean } {
  switch (target.kind) {
    case 'route':
      return { href: target.value.replace('{product}', ctx.productSlug), external: false };
    case 'category':
      return { href: ctx.categoryIds.has(Number(target.value)) ? `/${ctx.productSlug}?c=${target.value}` : null, external: false };
    case 'type':
      return { href: `/${ctx.productSlug}?type=${target.value}`, external: false };
    case 'url':
      return { href: target.value, external: true };
    case 'none':
      return { href: null, external: false };
  }
}

/** Category ids the tiles of a mode point to (so their existence is checked once). */
export function categoryTargets(rows: readonly DbMenuTile[], tutorialCategoryId: number | null): number[] {
  const ids = rows.filter((r) => r.target_kind === 'category').map((r) => Number(r.target_value));
  return tutorialCategoryId === null ? ids : [...ids, tutorialCategoryId];
}

/**
 * Every tile of a mode, hidden and admin-only ones included, in menu order:
 * the catalogue's tools with the admins' overrides applied, then the tiles
 * admins added. A tile's place is its stored position, else its catalogue
 * index; ties keep catalogue order, then the order tiles were added.
 */
export function resolveTiles(mode: ServicesModeName, rows: readonly DbMenuTile[], ctx: TileContext): AdminTile[] {
  const overrides = new Map(rows.filter((r) => r.tool_id !== null).map((r) => [r.tool_id as string, r]));
  const sorted: { tile: AdminTile; key: number; tie: number }[] = [];

  MODES[mode].tools.forEach((toolId, index) => {
    const tool = TOOLS[toolId];
    const row = overrides.get(toolId);
    const target = row?.target_kind && !tool.lockedTarget ? { kind: row.target_kind, value: row.target_value } : catalogueTarget(toolId, ctx);
    const name = toolId === 'library' ? ctx.productName : tool.name;
    sorted.push({
      key: row?.position ?? index,
      tie: index,
      tile: {
        key: toolId,
        toolId,
        name: row?.label ?? name,
        defaultName: name,
        target,
        ...hrefOf(target, ctx),
        label: row?.label ?? null,
        icon: storedIcon(row?.icon) ?? tool.icon,
        defaultIcon: tool.icon,
        targetOverridden: Boolean(row?.target_kind) && !tool.lockedTarget,
        hidden: row?.hidden === 1 && !tool.lockedHidden,
        disabled: tool.disabled ?? false,
        adminOnly: tool.adminOnly ?? false,
        mobile: !tool.desktopOnly,
        custom: false,
        lockedTarget: tool.lockedTarget ?? false,
        lockedHidden: tool.lockedHidden ?? false,
      },
    });
  });

  const catalogueSize = MODES[mode].tools.length;
  for (const row of rows) {
    if (row.tool_id !== null || row.label === null || row.target_kind === null) continue;
    const target: TileTarget = { kind: row.target_kind, value: row.target_value };
    sorted.push({
      key: row.position ?? catalogueSize + row.id,
      tie: catalogueSize + row.id,
      tile: {
        key: `${CUSTOM_PREFIX}${row.id}`,
        toolId: null,
        name: row.label,
        defaultName: null,
        target,
        ...hrefOf(target, ctx),
        label: row.label,
        icon: storedIcon(row.icon) ?? DEFAULT_TILE_ICON,
        defaultIcon: null,
        targetOverridden: true,
        hidden: row.hidden === 1,
        disabled: false,
        adminOnly: false,
        mobile: true,
        custom: true,
        lockedTarget: false,
        lockedHidden: false,
      },
    });
  }
  return sorted.sort((a, b) => a.key - b.key || a.tie - b.tie).map((entry) => entry.tile);
}

function toService(tile: AdminTile): Service {
  return { id: tile.key, name: tile.name, href: tile.href, external: tile.external, disabled: tile.disabled, adminOnly: tile.adminOnly, icon: tile.icon };
}

export interface MenuBanners {
  menuTop: string | null;
  menuBottom: string | null;
  menuMobile: string | null;
  publicity: string | null;
}

/**
 * docs/PRODUCT.md#services-modes Services for one viewer: hidden tiles left out, admin-only tiles
 * (Uadmin, the add-tool tile) only for admins, on both lists; the phone list
 * without the desktop-only ones.
 */
export function buildServices(mode: ServicesModeName, tiles: readonly AdminTile[], viewerIsAdmin: boolean, banners: MenuBanners, productName: string): FastAccessServices {
  const { title, mobileTitle } = MODES[mode];
  const visible = tiles.filter((t) => !t.hidden && (viewerIsAdmin || !t.adminOnly));
  return {
    mode,
    availableServices: { title, services: visible.map(toService) },
    mobileServices: { title: mobileTitle, services: visible.filter((t) => t.mobile).map(toService) },
    countriesAvailable: COUNTRIES,
    pathMenuTopBanner: banners.menuTop,
    pathMenuBottomBanner: banners.menuBottom,
    pathMenuMobileBanner: banners.menuMobile,
    pathPublicityBanner: banners.publicity,
    unetData: { header: title, title: productName, footer: 'Funciona sin internet, desde el kit de tu comunidad', footerHeight: 48 },
  };
}
