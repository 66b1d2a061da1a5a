import type { ClientConfig, FastAccessServices } from '@kit/contract';

export type ServiceList = FastAccessServices['availableServices'];

/**
 * SPEC §1: the mobile list is used on a smartphone or tablet when the desktop
 * view has not been requested; otherwise the full list.
 */
export function chooseServiceList(
  services: Pick<FastAccessServices, 'availableServices' | 'mobileServices'>,
  config: Pick<ClientConfig, 'device' | 'seeDesktop'>,
): ServiceList {
  const isHandheld = config.device === 'smartphone' || config.device === 'tablet';
  return isHandheld && !config.seeDesktop ? services.mobileServices : services.availableServices;
}
