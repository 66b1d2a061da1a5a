/* The profile and constants pages with their loaders and error boundary: one lazy chunk (see account-routes.ts). */
export { ProfilePage } from '../../pages/ProfilePage.tsx';
export { EducationConstantsPage, OccupationConstantsPage } from '../../pages/UserConstantsPage.tsx';
export { AccountLoadError } from '../account/AccountLoadError.tsx';
export { constantsLoader } from '../account/constants-loader.ts';
export { profileLoader } from '../profile/profile-loader.ts';
