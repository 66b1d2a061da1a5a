import { useEffect, useId, useRef } from 'react';
import { Link, useLocation } from 'react-router';
import { esLibrary } from '../../i18n/es-library.ts';
import { useRouteToggle } from '../../layouts/use-route-toggle.ts';
import type { HelpEntry } from './help-entries.ts';
import { Icon } from '../../ui/Icon.tsx';

/** The header's help menu; renders nothing when no entry has a target yet. */
export function HelpMenu({ entries }: { entries: readonly HelpEntry[] }) {
  const { open, toggle, close } = useRouteToggle({ includeSearch: true });
  // A help modal opens over the page as it is: its link keeps the path and the query.
  const location = useLocation();
  const menuId = useId();
  const root = useRef<HTMLDivElement>(null);

  useEffect(() => {
    if (!open) return undefined;
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointer);
    return () => document.removeEventListener('pointerdown', onPointer);
  }, [open, close]);

  if (entries.length === 0) return null;
  return (
    <div
      className="library-header__help"
      ref={root}
      onKeyDown={(event) => {
        if (event.key === 'Escape') close();
      }}
    >
      <button
        type="button"
        className="icon-button"
        aria-label={esLibrary.header.help}
        aria-expanded={open}
        aria-controls={menuId}
        onClick={toggle}
      >
        <Icon name="help" />
      </button>
      {open && (
        <ul id={menuId} className="library-header__menu">
          {entries.map((entry) => (
            <li key={entry.id}>
              <Link
                to={entry.to.startsWith('#') ? { pathname: location.pathname, search: location.search, hash: entry.to } : entry.to}
                onClick={close}
              >
                {entry.label}
              </Link>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
