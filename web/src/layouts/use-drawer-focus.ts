import { useEffect, type RefObject } from 'react';
import { FOCUSABLE, keepTabInside } from '../ui/modal/focus-trap.ts';

/**
 * Whether the focus is in a layer above an open drawer, whose keys are its
 * own: a dialog, or the header (its menus open over the drawer).
 */
function inLayerAbove(element: Element | null, drawer: HTMLElement): boolean {
  return element !== null && !drawer.contains(element) && element.closest('dialog, [role="dialog"], .app-header') !== null;
}

/**
 * A drawer covering the page on a phone (the library's categories, the admin
 * side menu) holds the keyboard while open: the focus moves into it, Tab and
 * Shift+Tab go round inside it, Escape closes it wherever the focus is (except
 * in a dialog or header menu above it, which close first), and once it closes
 * the focus goes back to the button that opened it.
 */
export function useDrawerFocus(
  open: boolean,
  drawer: RefObject<HTMLElement | null>,
  opener: RefObject<HTMLElement | null>,
  close: () => void,
): void {
  useEffect(() => {
    const box = drawer.current;
    const button = opener.current;
    if (!open || !box) return undefined;
    (box.querySelector<HTMLElement>(FOCUSABLE) ?? box).focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || inLayerAbove(document.activeElement, box)) return;
      if (event.key === 'Escape') close();
      else keepTabInside(event, box);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('keydown', onKey);
      // unless the user has already gone on to something else
      const active = document.activeElement;
      if (active === null || active === document.body || box.contains(active)) button?.focus();
    };
  }, [open, drawer, opener, close]);
}
