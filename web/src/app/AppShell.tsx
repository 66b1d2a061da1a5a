import { Outlet } from 'react-router';
import { UpdatePrompt } from '../sw/UpdatePrompt.tsx';

/** Root of every route: the page, plus the offer of a new version when one is ready. */
export function AppShell() {
  return (
    <>
      <Outlet />
      <UpdatePrompt />
    </>
  );
}
