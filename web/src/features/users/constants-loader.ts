import type { ConstantList } from '@kit/contract';
import { getConstants, type ConstantKind } from '../../api/account-reads.ts';

function constantsLoader(kind: ConstantKind) {
  return ({ request }: { request: Request }): Promise<ConstantList> => getConstants(kind, request.signal);
}

/** Route loader of /user/constants/education. */
export const educationLoader = constantsLoader('education');
/** Route loader of /user/constants/occupation. */
export const occupationLoader = constantsLoader('occupation');
