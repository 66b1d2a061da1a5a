import type { ReactNode } from 'react';
import { Link, Outlet } from 'react-router';
import { es } from '../i18n/es.ts';
import { BrandLink } from './BrandLink.tsx';
import { MenuButton } from './MenuButton.tsx';
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
        <MenuButton open={menu.open} controls="no-sidebar-menu" className="no-sidebar-layout__menu-button" onClick={menu.toggle} />
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
