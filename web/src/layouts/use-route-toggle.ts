import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';

export interface RouteToggle {
  open: boolean;
  toggle: () => void;
  close: () => void;
}

/**
 * Open/closed state for a drawer or header menu that closes by itself when the
 * user navigates (it remembers the path it was opened on).
 */
export function useRouteToggle(): RouteToggle {
  const { pathname } = useLocation();
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === pathname;
  const toggle = useCallback(() => setOpenOn((current) => (current === pathname ? null : pathname)), [pathname]);
  const close = useCallback(() => setOpenOn(null), []);
  return { open, toggle, close };
}
