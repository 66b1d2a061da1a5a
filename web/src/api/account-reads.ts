import type { ConstantList, User } from '@kit/contract';
import { api } from './api.ts';

/*
 * The accounts reads route loaders make (loaders are eager: keep this small;
 * the writes are in accounts.ts, loaded only by the pages that use them).
 */

/** GET /api/user/{id}: a profile (private fields only for the user themself and admins). */
export function getUser(id: number, signal?: AbortSignal): Promise<User> {
  return api.get<User>(`/user/${id}`, undefined, signal);
}

export type ConstantKind = 'education' | 'occupation';

/** GET /api/v2/constants/education and /api/v2/constants/occupation */
export function getConstants(kind: ConstantKind, signal?: AbortSignal): Promise<ConstantList> {
  return api.get<ConstantList>(`/v2/constants/${kind}`, undefined, signal);
}
