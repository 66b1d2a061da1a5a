import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { es } from '../i18n/es.ts';
import { BrandLink } from './BrandLink.tsx';
import { useRouteToggle } from './use-route-toggle.ts';
import './no-sidebar-layout.css';

export interface NoSidebarLayoutProps {
  /** extra entries for the small-screen header menu */
  menuItems?: ReactNode;
}

/**
 * docs/PRODUCT.md#layouts no-sidebar layout: on small screens a header with a menu, on wider
 * screens a header with a back-to-menu button.
 */
export function NoSidebarLayout({ menuItems }: NoSidebarLayoutProps) {
  const menu = useRouteToggle();
  return (
    <div className="no-sidebar-layout">
      <header className="app-header">
        <BrandLink />
        <Link to="/menu" className="button no-sidebar-layout__back">
          {es.layout.backToMenu}
        </Link>
        <button
          type="button"
          className="icon-button no-sidebar-layout__menu-button"
          aria-expanded={menu.open}
          aria-controls="no-sidebar-menu"
          aria-label={menu.open ? es.layout.closeMenu : es.layout.openMenu}
          onClick={menu.toggle}
        >
          <span className="hamburger" aria-hidden="true" />
        </button>
        {menu.open && (
          <nav id="no-sidebar-menu" className="no-sidebar-layout__menu" aria-label={es.layout.mainNavigation}>
            <Link to="/menu" onClick={menu.close}>
              {es.layout.backToMenu}
            </Link>
            {menuItems}
          </nav>
        )}
      </header>
      <main id="content" className="no-sidebar-layout__main">
        <Outlet />
      </main>
    </div>
  );
}
