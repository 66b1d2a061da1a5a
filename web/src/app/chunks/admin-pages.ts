/** The admin panel's code as one lazy chunk: visitors never download it. */
export { AdminShell } from '../../features/admin/AdminShell.tsx';
export { AdminSummaryPage } from '../../pages/AdminSummaryPage.tsx';
export { AdminUsersPage } from '../../pages/AdminUsersPage.tsx';
export { AdminCategoryPage } from '../../pages/AdminCategoryPage.tsx';
export { AdminDataPage } from '../../pages/AdminDataPage.tsx';
export { AdminResourcesPage } from '../../pages/AdminResourcesPage.tsx';
export { AdminDevicePage } from '../../pages/AdminDevicePage.tsx';
export { AdminSyncPage } from '../../pages/AdminSyncPage.tsx';
