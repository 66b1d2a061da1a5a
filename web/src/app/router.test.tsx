import type { ClientConfig, FastAccessServices } from '@kit/contract';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetGuardConfigForTests } from '../session/guards.ts';
import { MENU_COPY_KEY } from '../offline/menu-copy-key.ts';
import { resetSessionForTests } from '../session/session-store.ts';
import { appRoutes } from './router.tsx';

const config = { device: 'smartphone', seeDesktop: false } as ClientConfig;
const services = {
  availableServices: {
    title: 'Portal de servicios de tu comunidad',
    services: [{ id: 'library', name: 'Biblioteca', href: '/biblioteca', disabled: false, adminOnly: false }],
  },
  mobileServices: {
    title: 'Tu portal',
    services: [
      { id: 'library', name: 'Biblioteca', href: '/biblioteca', disabled: false, adminOnly: false },
      { id: 'news', name: 'Noticias', href: null, disabled: false, adminOnly: false },
    ],
  },
  unetData: { header: '', title: '', footer: 'Funciona sin internet', footerHeight: 48 },
} as unknown as FastAccessServices;

/** A kit answering the two menu calls, or failing them while `down` is true. */
function fakeKit() {
  const state = { down: false };
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    if (state.down) throw new TypeError('Failed to fetch');
    const url = String(input);
    if (url === '/api/v2/id/config') return Response.json(config);
    if (url === '/api/v3/fastAccessServices') return Response.json(services);
    return Response.json({ error: { httpCode: 404, type: 'not_found', code: 'ROUTE_NOT_FOUND', message: '', data: null } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return state;
}

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('routes', () => {
  afterEach(() => {
    document.cookie = 'kp_visited=; Max-Age=0; Path=/';
    resetSessionForTests();
    resetGuardConfigForTests();
  });

  it('/ on a first visit sets the visit cookie and goes to /menu', async () => {
    fakeKit();
    expect(document.cookie).not.toContain('kp_visited=1');
    const router = renderAt('/');
    await screen.findByRole('heading', { name: 'Tu portal' });
    expect(router.state.location.pathname).toBe('/menu');
    expect(document.cookie).toContain('kp_visited=1');
  });

  it('/ on a later visit also goes to /menu', async () => {
    fakeKit();
    document.cookie = 'kp_visited=1; Path=/';
    const router = renderAt('/');
    await screen.findByRole('heading', { name: 'Tu portal' });
    expect(router.state.location.pathname).toBe('/menu');
  });

  it('/home goes to / and so to /menu', async () => {
    fakeKit();
    const router = renderAt('/home');
    await screen.findByRole('heading', { name: 'Tu portal' });
    expect(router.state.location.pathname).toBe('/menu');
  });

  it('/menu shows the phone list: links for tools with a target, "Próximamente" for the rest', async () => {
    fakeKit();
    renderAt('/menu');
    expect(await screen.findByRole('link', { name: /Biblioteca/ })).toBeTruthy();
    expect(screen.getByTestId('service-news').textContent).toContain('Próximamente');
    expect(screen.getByText('Funciona sin internet')).toBeTruthy();
  });

  it('/menu offers a retry when the kit cannot be reached, and recovers', async () => {
    const kit = fakeKit();
    kit.down = true;
    localStorage.removeItem(MENU_COPY_KEY); // never read online on this phone
    renderAt('/menu');
    expect(await screen.findByText('No se pudo cargar el menú del portal.')).toBeTruthy();
    kit.down = false;
    fireEvent.click(screen.getByRole('button', { name: 'Reintentar' }));
    expect(await screen.findByRole('heading', { name: 'Tu portal' })).toBeTruthy();
  });

  it('/menu opens from the copy kept on the phone when the kit cannot be reached', async () => {
    const kit = fakeKit();
    renderAt('/menu');
    expect(await screen.findByRole('heading', { name: 'Tu portal' })).toBeTruthy();
    cleanup();
    kit.down = true;
    renderAt('/menu');
    expect(await screen.findByRole('heading', { name: 'Tu portal' })).toBeTruthy();
  });

  it.each(['/esto-no-existe'])('%s (unknown) shows the 404 page', async (path) => {
    fakeKit();
    renderAt(path);
    expect(
      await screen.findByRole(
        'heading',
        { name: 'Error 404 - La página o recurso al que esta intentando acceder no existe o no está disponible' },
        // the first render waits for the route guard's calls and two lazy chunks: slow on a busy test machine
        { timeout: 3000 },
      ),
    ).toBeTruthy();
    await waitFor(() => expect(screen.getAllByRole('link', { name: 'Volver al Menú' }).length).toBeGreaterThan(0));
  });
});
