import { useCallback, useState } from 'react';
import { useLocation } from 'react-router';

export interface RouteToggle {
  open: boolean;
  toggle: () => void;
  close: () => void;
}

export interface RouteToggleOptions {
  /** also close when only the query string changes (e.g. /biblioteca?c=1 → ?c=2) */
  includeSearch?: boolean;
}

/**
 * Open/closed state for a drawer or header menu that closes by itself when the
 * user navigates (it remembers the path it was opened on).
 */
export function useRouteToggle({ includeSearch = false }: RouteToggleOptions = {}): RouteToggle {
  const { pathname, search } = useLocation();
  const at = includeSearch ? `${pathname}${search}` : pathname;
  const [openOn, setOpenOn] = useState<string | null>(null);
  const open = openOn === at;
  const toggle = useCallback(() => setOpenOn((current) => (current === at ? null : at)), [at]);
  const close = useCallback(() => setOpenOn(null), []);
  return { open, toggle, close };
}
