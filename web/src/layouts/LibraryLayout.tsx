import { useRef, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { es } from '../i18n/es.ts';
import { MenuButton } from './MenuButton.tsx';
import { useDrawerFocus } from './use-drawer-focus.ts';
import { useRouteToggle } from './use-route-toggle.ts';
import './drawer.css';
import './library-layout.css';

export interface LibraryLayoutProps {
  /** the library header (docs/PRODUCT.md#library-header "Library header"), 60px high */
  header: ReactNode;
  /** the category tree; the sidebar column exists only when given */
  sidebar?: ReactNode;
  /** the right-hand strip of external tool shortcuts; shown on wide screens only */
  aside?: ReactNode;
  /** above the page, e.g. the advertising banner */
  banner?: ReactNode;
}

/**
 * docs/PRODUCT.md#layouts default library layout: header, category tree sidebar, right-hand
 * shortcut strip. Below the lg breakpoint the sidebar is a drawer opened from
 * a button at the start of the header; it closes on navigation, Escape or a
 * click outside it, and holds the keyboard while open (use-drawer-focus.ts).
 */
export function LibraryLayout({ header, sidebar, aside, banner }: LibraryLayoutProps) {
  const drawer = useRouteToggle({ includeSearch: true });
  const drawerButton = useRef<HTMLButtonElement>(null);
  const drawerPanel = useRef<HTMLElement>(null);
  useDrawerFocus(drawer.open, drawerPanel, drawerButton, drawer.close);
  return (
    <div className="library-layout" data-drawer={drawer.open ? 'open' : 'closed'}>
      <header className="app-header library-layout__header">
        {sidebar !== undefined && (
          <MenuButton ref={drawerButton} open={drawer.open} controls="library-sidebar" className="library-layout__drawer-button" onClick={drawer.toggle} />
        )}
        {header}
      </header>
      <div className="library-layout__body">
        {sidebar !== undefined && (
          <nav ref={drawerPanel} id="library-sidebar" className="library-layout__sidebar layout-drawer" aria-label={es.layout.categories} tabIndex={-1}>
            {sidebar}
          </nav>
        )}
        {drawer.open && <div className="layout-drawer-backdrop" aria-hidden="true" onClick={drawer.close} />}
        <main id="content" className="library-layout__main">
          {banner}
          <Outlet />
        </main>
        {aside !== undefined && (
          <aside className="library-layout__aside" aria-label={es.layout.shortcuts}>
            {aside}
          </aside>
        )}
      </div>
    </div>
  );
}
