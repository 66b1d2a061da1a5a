import { useRef, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { es } from '../i18n/es.ts';
import { BrandLink } from './BrandLink.tsx';
import { MenuButton } from './MenuButton.tsx';
import { useDrawerFocus } from './use-drawer-focus.ts';
import { useRouteToggle } from './use-route-toggle.ts';
import './drawer.css';
import './dashboard-layout.css';

export interface DashboardLayoutProps {
  /** the admin side menu (docs/PRODUCT.md#admin-menu "Admin side menu") */
  menu: ReactNode;
  /** right side of the top bar, e.g. the logout action */
  actions?: ReactNode;
}

/**
 * docs/PRODUCT.md#layouts dashboard layout for the admin area: a top bar and a side menu that
 * is a 281px drawer on small screens (holding the keyboard while open,
 * use-drawer-focus.ts) and a fixed column on wide ones.
 */
export function DashboardLayout({ menu, actions }: DashboardLayoutProps) {
  const drawer = useRouteToggle();
  const drawerButton = useRef<HTMLButtonElement>(null);
  const drawerPanel = useRef<HTMLElement>(null);
  useDrawerFocus(drawer.open, drawerPanel, drawerButton, drawer.close);
  return (
    <div className="dashboard-layout" data-drawer={drawer.open ? 'open' : 'closed'}>
      <header className="app-header dashboard-layout__top-bar">
        <MenuButton ref={drawerButton} open={drawer.open} controls="dashboard-side-menu" className="dashboard-layout__menu-button" onClick={drawer.toggle} />
        <BrandLink />
        <div className="dashboard-layout__actions">{actions}</div>
      </header>
      <nav ref={drawerPanel} id="dashboard-side-menu" className="layout-drawer" aria-label={es.layout.adminNavigation} tabIndex={-1}>
        {menu}
      </nav>
      {drawer.open && <div className="layout-drawer-backdrop" aria-hidden="true" onClick={drawer.close} />}
      <main id="content" className="dashboard-layout__main">
        <Outlet />
      </main>
    </div>
  );
}
