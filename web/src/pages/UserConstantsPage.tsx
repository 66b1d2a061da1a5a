import { esAccounts } from '../i18n/es-accounts.ts';
import { ConstantList } from '../features/users/ConstantList.tsx';

/** /user/constants/education: docs/PRODUCT.md#profile-form instruction levels. */
export function EducationConstantsPage() {
  return <ConstantList title={esAccounts.constants.educationTitle} />;
}

/** /user/constants/occupation: docs/PRODUCT.md#profile-form occupations. */
export function OccupationConstantsPage() {
  return <ConstantList title={esAccounts.constants.occupationTitle} />;
}
