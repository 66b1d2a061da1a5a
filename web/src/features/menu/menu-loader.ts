import { getClientConfig, getFastAccessServices } from '../../api/portal.ts';
import { chooseServiceList, type ServiceList } from './choose-services.ts';

export interface MenuData {
  list: ServiceList;
  footer: string;
}

/** Loads what the portal menu shows: both calls at once, then the list for this device. */
export async function menuLoader({ request }: { request: Request }): Promise<MenuData> {
  const [config, services] = await Promise.all([
    getClientConfig(request.signal),
    getFastAccessServices(request.signal),
  ]);
  return { list: chooseServiceList(services, config), footer: services.unetData.footer };
}
