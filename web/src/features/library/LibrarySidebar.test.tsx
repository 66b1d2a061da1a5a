import type { ClientConfig } from '@kit/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import type { ReactElement } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AdBanner } from './AdBanner.tsx';
import { BANNER_HIDDEN_KEY } from './banner.ts';
import { resetCategoryCache } from './category-tree-data.ts';
import type { LibraryContext } from './library-context.ts';
import { LibrarySidebar } from './LibrarySidebar.tsx';

function stubKit() {
  vi.stubGlobal(
    'fetch',
    vi.fn<typeof fetch>(async (input) => {
      const path = new URL(String(input), 'http://kit').pathname;
      if (path === '/api/v2/categories/root/children') {
        return Response.json({
          data: [
            { id: 1, name: 'Educación', childrenCount: 0, priority: 1, status_id: 1 },
            { id: 19, name: 'Comunidad', childrenCount: 1, priority: 2, status_id: 1 },
          ],
        });
      }
      if (path === '/api/v2/categories/19/children') {
        return Response.json({ data: [{ id: 20, name: 'Asambleas', childrenCount: 0, priority: 1, status_id: 1 }] });
      }
      if (path === '/api/v2/categories/19/branch') return Response.json({ data: [{ id: 19, name: 'Comunidad' }] });
      return Response.json({ data: [] });
    }),
  );
}

function renderIn(element: ReactElement) {
  const router = createMemoryRouter([{ path: '*', element }], { initialEntries: ['/biblioteca'] });
  render(<RouterProvider router={router} />);
}

function context(config: Partial<ClientConfig> | null): LibraryContext {
  return { config: config as ClientConfig | null, services: null, productSlug: 'biblioteca', productName: 'Biblioteca' };
}

describe('LibrarySidebar', () => {
  beforeEach(() => resetCategoryCache());
  afterEach(() => resetCategoryCache());

  it('without tutorial or client category: just the category tree', async () => {
    stubKit();
    renderIn(<LibrarySidebar context={context({ tutorialCategoryId: null, clientCategoryId: null })} />);
    const tree = await screen.findByRole('tree', { name: 'Categorías' });
    expect(within(tree).getAllByRole('treeitem').map((el) => el.textContent)).toEqual(['Educación', 'Comunidad']);
    expect(screen.queryByTestId('tutorials-shortcut')).toBeNull();
    expect(screen.queryByTestId('client-tree')).toBeNull();
  });

  it('shows the tutorials shortcut and the client category as its own tree when configured', async () => {
    stubKit();
    renderIn(<LibrarySidebar context={context({ tutorialCategoryId: 22, clientCategoryId: 19 })} />);
    expect(screen.getByTestId('tutorials-shortcut').getAttribute('href')).toBe('/biblioteca?c=22');
    expect(screen.getByTestId('tutorials-shortcut').textContent).toBe('Tutoriales');
    const clientTree = await screen.findByRole('tree', { name: 'Comunidad' });
    expect(await within(clientTree).findByRole('treeitem', { name: 'Asambleas' })).toBeTruthy();
    const mainTree = screen.getByRole('tree', { name: 'Categorías' });
    expect(within(mainTree).getAllByRole('treeitem').map((el) => el.textContent)).toEqual(['Educación']);
  });
});

describe('AdBanner', () => {
  afterEach(() => localStorage.clear());

  it('shows the banner until hidden, then stays hidden for the day', () => {
    renderIn(<AdBanner src="/banners/feria.jpg" />);
    expect(screen.getByRole('img', { name: 'Publicidad' }).getAttribute('src')).toBe('/banners/feria.jpg');
    fireEvent.click(screen.getByRole('button', { name: 'Ocultar por hoy' }));
    expect(screen.queryByRole('img', { name: 'Publicidad' })).toBeNull();
    expect(Number(localStorage.getItem(BANNER_HIDDEN_KEY))).toBeGreaterThan(0);
  });

  it('stays away when it was hidden less than a day ago', () => {
    localStorage.setItem(BANNER_HIDDEN_KEY, String(Date.now() - 60_000));
    renderIn(<AdBanner src="/banners/feria.jpg" />);
    expect(screen.queryByRole('complementary', { name: 'Publicidad' })).toBeNull();
  });
});
