import type { ConstantList } from '@kit/contract';
import { getConstants, type ConstantKind } from '../../api/account-reads.ts';

/** Route loader of /user/constants/education and /user/constants/occupation. */
export function constantsLoader(kind: ConstantKind) {
  return ({ request }: { request: Request }): Promise<ConstantList> => getConstants(kind, request.signal);
}
