import { Outlet } from 'react-router';
import { HelpOverlays } from '../features/help/HelpOverlays.tsx';
import { LoadingBar } from '../ui/loading-bar/LoadingBar.tsx';
import { NotificationsOutlet } from '../ui/notifications/NotificationsOutlet.tsx';
import { AccountOverlays } from '../features/auth/AccountOverlays.tsx';
import { UpdatePrompt } from '../sw/UpdatePrompt.tsx';
import { useDocumentTitle } from './page-title.ts';

/** Root of every route: the loading bar, the page, the offer of a new version when one is ready, the session's modals, notifications, the help modals; the document's title follows the page (page-title.ts). */
export function AppShell() {
  useDocumentTitle();
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
