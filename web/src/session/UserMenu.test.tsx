import { fireEvent, render, screen } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { logIn } from './session-actions.ts';
import { resetSessionForTests } from './session-store.ts';
import { UserMenu } from './UserMenu.tsx';

function renderAt(path: string) {
  const router = createMemoryRouter(
    [
      { path: '/biblioteca', element: <UserMenu /> },
      { path: '/user/:id', element: <p>perfil</p> },
      { path: '/extra/logout', element: <p>saliendo</p> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('UserMenu', () => {
  afterEach(() => resetSessionForTests());

  it('offers Iniciar sesión with the current path as cb when nobody is logged in', async () => {
    renderAt('/biblioteca?c=3');
    const link = await screen.findByRole('link', { name: 'Iniciar sesión' });
    expect(link.getAttribute('href')).toBe('/login?cb=%2Fbiblioteca%3Fc%3D3');
  });

  it('opens a dropdown with Perfil (/user/{id}) and Cerrar sesión for a logged-in user', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async () => Response.json({ token: 't', user: { id: 7, user_name: 'ana', is_admin: false, roleId: 2 }, mustChangePassword: false })),
    );
    await logIn({ user_name: 'ana', password: 'secreto' });
    const router = renderAt('/biblioteca');
    const button = await screen.findByRole('button', { name: 'Menú de la cuenta: ana' });
    expect(screen.queryByRole('link', { name: 'Perfil' })).toBeNull();
    fireEvent.click(button);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByRole('link', { name: 'Perfil' }).getAttribute('href')).toBe('/user/7');
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('link', { name: 'Perfil' })).toBeNull();
    fireEvent.click(button);
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar sesión' }));
    await screen.findByText('saliendo');
    expect(router.state.location.pathname).toBe('/extra/logout');
  });
});
