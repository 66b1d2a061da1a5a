import { getClientConfig, getFastAccessServices } from '../../api/portal.ts';
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

/** Loads what the portal menu shows: both calls at once, then the list and banners for this device. */
export async function menuLoader({ request }: { request: Request }): Promise<MenuData> {
  const [config, services] = await Promise.all([
    getClientConfig(request.signal),
    getFastAccessServices(request.signal),
  ]);
  const mobile = usesMobileList(config);
  return {
    list: chooseServiceList(services, config),
    banners: chooseMenuBanners(services, mobile),
    footer: services.unetData.footer,
    handheld: config.device === 'smartphone' || config.device === 'tablet',
    mobile,
  };
}
