import { fireEvent, render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Link, RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { DashboardLayout } from './DashboardLayout.tsx';
import { LibraryLayout } from './LibraryLayout.tsx';
import { NoSidebarLayout } from './NoSidebarLayout.tsx';

/** Renders a layout around two pages that link to each other. */
function renderLayout(layout: ReactElement) {
  const router = createMemoryRouter(
    [
      {
        element: layout,
        children: [
          { path: '/a', element: <Link to="/b">ir a b</Link> },
          { path: '/b', element: <p>página b</p> },
        ],
      },
    ],
    { initialEntries: ['/a'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('NoSidebarLayout', () => {
  it('opens its small-screen menu with "Volver al Menú", and closes it on navigation', async () => {
    renderLayout(<NoSidebarLayout />);
    const button = await screen.findByRole('button', { name: 'Abrir menú' });
    expect(screen.queryByRole('navigation')).toBeNull();

    fireEvent.click(button);
    const menu = screen.getByRole('navigation', { name: 'Navegación principal' });
    expect(menu.querySelector('a[href="/menu"]')?.textContent).toBe('Volver al Menú');
    expect(button.getAttribute('aria-expanded')).toBe('true');

    fireEvent.click(screen.getByRole('link', { name: 'ir a b' }));
    await screen.findByText('página b');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('has a back-to-menu button in the header for wide screens', async () => {
    renderLayout(<NoSidebarLayout />);
    const back = await screen.findByRole('link', { name: 'Volver al Menú' });
    expect(back.getAttribute('href')).toBe('/menu');
  });
});

describe('LibraryLayout', () => {
  it('places header, category sidebar, page and shortcut strip in their landmarks', async () => {
    renderLayout(<LibraryLayout header={<span>cabecera</span>} sidebar={<span>árbol</span>} aside={<span>atajos</span>} />);
    expect((await screen.findByRole('banner')).textContent).toBe('cabecera');
    expect(screen.getByRole('navigation', { name: 'Categorías' }).textContent).toBe('árbol');
    expect(screen.getByRole('complementary', { name: 'Accesos directos' }).textContent).toBe('atajos');
    expect(screen.getByRole('main').textContent).toBe('ir a b');
  });

  it('leaves out the sidebar and the strip when they are not given', async () => {
    renderLayout(<LibraryLayout header={<span>cabecera</span>} />);
    await screen.findByRole('main');
    expect(screen.queryByRole('navigation')).toBeNull();
    expect(screen.queryByRole('complementary')).toBeNull();
  });
});

describe('DashboardLayout', () => {
  function drawerState() {
    return document.querySelector('.dashboard-layout')?.getAttribute('data-drawer');
  }

  it('opens the side-menu drawer and closes it with Escape', async () => {
    renderLayout(<DashboardLayout menu={<a href="#usuarios">Usuarios</a>} actions={<button type="button">Salir</button>} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir menú' }));
    expect(drawerState()).toBe('open');
    expect(screen.getByRole('button', { name: 'Cerrar menú' }).getAttribute('aria-expanded')).toBe('true');

    fireEvent.keyDown(screen.getByRole('link', { name: 'Usuarios' }), { key: 'Escape' });
    expect(drawerState()).toBe('closed');
  });

  it('moves the focus into the open drawer, keeps Tab inside it, and gives it back to its button on Escape', async () => {
    renderLayout(
      <DashboardLayout
        menu={
          <>
            <a href="#usuarios">Usuarios</a>
            <a href="#datos">Datos</a>
          </>
        }
        actions={<button type="button">Salir</button>}
      />,
    );
    const button = await screen.findByRole('button', { name: 'Abrir menú' });
    button.focus();
    fireEvent.click(button);
    const first = screen.getByRole('link', { name: 'Usuarios' });
    const last = screen.getByRole('link', { name: 'Datos' });
    expect(document.activeElement).toBe(first);
    last.focus();
    fireEvent.keyDown(last, { key: 'Tab' });
    expect(document.activeElement).toBe(first);
    fireEvent.keyDown(first, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(last);
    fireEvent.keyDown(last, { key: 'Escape' });
    expect(drawerState()).toBe('closed');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Abrir menú' }));
  });

  it('closes the drawer on a click outside it and on navigation', async () => {
    renderLayout(<DashboardLayout menu={<span>menú</span>} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Abrir menú' }));
    const backdrop = document.querySelector('.layout-drawer-backdrop');
    expect(backdrop).not.toBeNull();
    fireEvent.click(backdrop as Element);
    expect(drawerState()).toBe('closed');

    fireEvent.click(screen.getByRole('button', { name: 'Abrir menú' }));
    fireEvent.click(screen.getByRole('link', { name: 'ir a b' }));
    await screen.findByText('página b');
    expect(drawerState()).toBe('closed');
  });

  it('shows the admin menu and the top-bar actions', async () => {
    renderLayout(<DashboardLayout menu={<span>Resumen</span>} actions={<button type="button">Salir</button>} />);
    expect((await screen.findByRole('navigation', { name: 'Menú de administración' })).textContent).toBe('Resumen');
    expect(screen.getByRole('button', { name: 'Salir' })).toBeTruthy();
  });
});
