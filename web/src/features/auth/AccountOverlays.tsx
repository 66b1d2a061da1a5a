import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { isAdminPath } from '../../session/guards.ts';
import { setSessionNavigator, useSession } from '../../session/session-store.ts';

const SessionModals = lazy(async () => ({ default: (await import('./SessionModals.tsx')).SessionModals }));

/**
 * Pages where the onboarding does not open: logins, registration, /extra/*,
 * the admin area, and the upload reminder, itself a dialog (two at once
 * would stack); the onboarding waits for the next page.
 */
export function onboardingAllowedOn(pathname: string): boolean {
  return !/^\/(login|register|extra)(\/|$)/.test(pathname) && pathname !== '/upload/ModalAlert' && !isAdminPath(pathname);
}

/**
 * Mounted once in the app shell: hands the router's navigate to the session
 * (logout and an expired token navigate without a page load) and, for a
 * logged-in user, loads the session modals' code.
 */
export function AccountOverlays() {
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { loggedIn } = useSession();

  useEffect(() => {
    setSessionNavigator((to) => void navigate(to));
    return () => setSessionNavigator(null);
  }, [navigate]);

  if (!loggedIn || pathname === '/extra/logout') return null;
  return (
    <Suspense fallback={null}>
      <SessionModals onboardingAllowed={onboardingAllowedOn(pathname)} />
    </Suspense>
  );
}
