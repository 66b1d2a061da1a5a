/* The profile and constants pages with their loaders and error boundary: one lazy chunk (see app/routes/account-routes.ts). */
export { ProfilePage } from '../../pages/ProfilePage.tsx';
export { EducationConstantsPage, OccupationConstantsPage } from '../../pages/UserConstantsPage.tsx';
export { AccountLoadError } from '../AccountLoadError.tsx';
export { educationLoader, occupationLoader } from '../../features/users/constants-loader.ts';
export { profileLoader } from '../../features/users/profile-loader.ts';
