/* The login and registration pages, which share their form code and are visited together: one lazy chunk (see app/routes/account-routes.ts). */
export { LoginPage } from '../../pages/LoginPage.tsx';
export { TemporaryLoginPage } from '../../pages/TemporaryLoginPage.tsx';
export { AdminLoginPage } from '../../pages/AdminLoginPage.tsx';
export { RegisterPage } from '../../pages/RegisterPage.tsx';
