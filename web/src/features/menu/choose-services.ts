import type { ClientConfig, FastAccessServices } from '@kit/contract';

export type ServiceList = FastAccessServices['availableServices'];

/** docs/PRODUCT.md#menu-lists: a smartphone or tablet whose user has not asked for the desktop view. */
export function usesMobileList(config: Pick<ClientConfig, 'device' | 'seeDesktop'>): boolean {
  const isHandheld = config.device === 'smartphone' || config.device === 'tablet';
  return isHandheld && !config.seeDesktop;
}

/**
 * docs/PRODUCT.md#menu-lists: the mobile list is used on a smartphone or tablet when the desktop
 * view has not been requested; otherwise the full list.
 */
export function chooseServiceList(
  services: Pick<FastAccessServices, 'availableServices' | 'mobileServices'>,
  config: Pick<ClientConfig, 'device' | 'seeDesktop'>,
): ServiceList {
  return usesMobileList(config) ? services.mobileServices : services.availableServices;
}

export interface MenuBannerPaths {
  top: string | null;
  bottom: string | null;
}

/**
 * docs/PRODUCT.md#menu-banners menu banners: the desktop list has a top and a bottom banner; the
 * phone list one banner on top, its own if the admins uploaded one, else the
 * desktop's top banner.
 */
export function chooseMenuBanners(
  services: Pick<FastAccessServices, 'pathMenuTopBanner' | 'pathMenuBottomBanner' | 'pathMenuMobileBanner'>,
  mobile: boolean,
): MenuBannerPaths {
  return mobile
    ? { top: services.pathMenuMobileBanner ?? services.pathMenuTopBanner, bottom: null }
    : { top: services.pathMenuTopBanner, bottom: services.pathMenuBottomBanner };
}
