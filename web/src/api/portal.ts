import type { ClientConfig, FastAccessServices } from '@kit/contract';
import { api } from './api.ts';

/** GET /api/v2/id/config (docs/PRODUCT.md#client-config): the initial config. */
export function getClientConfig(signal?: AbortSignal): Promise<ClientConfig> {
  return api.get<ClientConfig>('/v2/id/config', undefined, signal);
}

/** GET /api/v3/fastAccessServices (docs/API-portal.md): the portal menu's tools. */
export function getFastAccessServices(signal?: AbortSignal): Promise<FastAccessServices> {
  return api.get<FastAccessServices>('/v3/fastAccessServices', undefined, signal);
}
