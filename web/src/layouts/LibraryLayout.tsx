import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { es } from '../i18n/es.ts';
import './library-layout.css';

export interface LibraryLayoutProps {
  /** the library header (SPEC §2 "Library header"), 60px high */
  header: ReactNode;
  /** the category tree; the sidebar column exists only when given */
  sidebar?: ReactNode;
  /** the right-hand strip of external tool shortcuts; shown on wide screens only */
  aside?: ReactNode;
}

/** SPEC §2 default library layout: header, category tree sidebar, right-hand shortcut strip. */
export function LibraryLayout({ header, sidebar, aside }: LibraryLayoutProps) {
  return (
    <div className="library-layout">
      <header className="app-header library-layout__header">{header}</header>
      <div className="library-layout__body">
        {sidebar !== undefined && (
          <nav className="library-layout__sidebar" aria-label={es.layout.categories}>
            {sidebar}
          </nav>
        )}
        <main id="content" className="library-layout__main">
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
