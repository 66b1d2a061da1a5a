import { COUNTRIES, type FastAccessServices, type Service, type ServicesModeName, type ToolId } from '@kit/contract';
import { MODES, TOOLS } from './services.catalog.ts';

interface MenuContext {
  mode: ServicesModeName;
  productSlug: string;
  productName: string;
  viewerIsAdmin: boolean;
}

function toService(id: ToolId, ctx: MenuContext): Service {
  const tool = TOOLS[id];
  return {
    id,
    name: id === 'library' ? ctx.productName : tool.name,
    href: tool.href?.replace('{product}', ctx.productSlug) ?? null,
    disabled: tool.disabled ?? false,
    adminOnly: tool.adminOnly ?? false,
  };
}

/** SPEC §3 Services for one viewer: admin-only tiles (Uadmin) only for admins, on both lists. */
export function buildServices(ctx: MenuContext): FastAccessServices {
  const mode = MODES[ctx.mode];
  const visible = mode.tools.filter((id) => ctx.viewerIsAdmin || !TOOLS[id].adminOnly);
  return {
    mode: ctx.mode,
    availableServices: { title: mode.title, services: visible.map((id) => toService(id, ctx)) },
    mobileServices: {
      title: mode.mobileTitle,
      services: visible.filter((id) => !TOOLS[id].desktopOnly).map((id) => toService(id, ctx)),
    },
    countriesAvailable: COUNTRIES,
    pathMenuTopBanner: null,
    pathMenuBottomBanner: null,
    pathMenuMobileBanner: null,
    pathPublicityBanner: null,
    unetData: { header: mode.title, title: ctx.productName, footer: 'Funciona sin internet, desde el kit de tu comunidad', footerHeight: 48 },
  };
}
