import { esAccounts } from '../i18n/es-accounts.ts';
import { ConstantList } from '../features/account/ConstantList.tsx';

/** /user/constants/education: SPEC §3 instruction levels. */
export function EducationConstantsPage() {
  return <ConstantList title={esAccounts.constants.educationTitle} />;
}

/** /user/constants/occupation: SPEC §3 occupations. */
export function OccupationConstantsPage() {
  return <ConstantList title={esAccounts.constants.occupationTitle} />;
}
