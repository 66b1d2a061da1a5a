import { Outlet } from 'react-router';
import { HelpOverlays } from '../features/help/HelpOverlays.tsx';
import { LoadingBar } from '../ui/loading-bar/LoadingBar.tsx';
import { NotificationsOutlet } from '../ui/notifications/NotificationsOutlet.tsx';
import { AccountOverlays } from '../features/auth/AccountOverlays.tsx';
import { UpdatePrompt } from '../sw/UpdatePrompt.tsx';

/** Root of every route: the loading bar, the page, the offer of a new version when one is ready, the session's modals, notifications, the help modals. */
export function AppShell() {
  return (
    <>
      <LoadingBar />
      <Outlet />
      <UpdatePrompt />
      <AccountOverlays />
      <NotificationsOutlet />
      <HelpOverlays />
    </>
  );
}
