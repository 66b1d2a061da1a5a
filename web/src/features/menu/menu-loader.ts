import type { ClientConfig, FastAccessServices } from '@kit/contract';
import { ApiError, NETWORK_ERROR } from '../../api/client.ts';
import { getClientConfig, getFastAccessServices } from '../../api/portal.ts';
import { MENU_COPY_KEY } from '../../offline/menu-copy-key.ts';
import { chooseMenuBanners, chooseServiceList, usesMobileList, type MenuBannerPaths, type ServiceList } from './choose-services.ts';

export interface MenuData {
  list: ServiceList;
  banners: MenuBannerPaths;
  footer: string;
  /** a phone or tablet: it may switch between the phone list and the full one */
  handheld: boolean;
  /** the phone list is shown */
  mobile: boolean;
}


async function readMenu(signal: AbortSignal): Promise<[ClientConfig, FastAccessServices]> {
  let both: [ClientConfig, FastAccessServices];
  try {
    both = await Promise.all([getClientConfig(signal), getFastAccessServices(signal)]);
  } catch (error) {
    const copy = error instanceof ApiError && error.code === NETWORK_ERROR && localStorage.getItem(MENU_COPY_KEY);
    if (!copy) throw error;
    return JSON.parse(copy) as [ClientConfig, FastAccessServices];
  }
  try {
    localStorage.setItem(MENU_COPY_KEY, JSON.stringify(both));
  } catch {
    // storage blocked or full: the menu works, only not offline
  }
  return both;
}

/**
 * Loads what the portal menu shows: both calls at once (offline, the last
 * answers kept), then the list and banners for this device.
 */
export async function menuLoader({ request }: { request: Request }): Promise<MenuData> {
  const [config, services] = await readMenu(request.signal);
  const mobile = usesMobileList(config);
  return {
    list: chooseServiceList(services, config),
    banners: chooseMenuBanners(services, mobile),
    footer: services.unetData.footer,
    handheld: config.device === 'smartphone' || config.device === 'tablet',
    mobile,
  };
}
