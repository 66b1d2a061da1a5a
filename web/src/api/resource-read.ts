import type { ResourceDetail } from '@kit/contract';
import { api } from './api.ts';

/** GET /api/v2/resource/{id}: everything the resource page shows (counts a view). */
export function getResource(id: number, signal?: AbortSignal): Promise<ResourceDetail> {
  return api.get<ResourceDetail>(`/v2/resource/${id}`, undefined, signal);
}
