import type { ClientConfig, FastAccessServices } from '@kit/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { appRoutes } from '../router.tsx';
import { resetGuardConfigForTests } from '../../session/guards.ts';
import { resetSessionForTests } from '../../session/session-store.ts';
import { resetCategoryCache } from '../../features/library/category-tree-data.ts';
import { resetLibraryContext } from '../../features/library/library-context.ts';

const NOT_FOUND = 'Error 404 - La página o recurso al que esta intentando acceder no existe o no está disponible';

const config = {
  device: 'smartphone',
  seeDesktop: false,
  productSlug: 'biblioteca',
  productName: 'Biblioteca',
  tutorialCategoryId: null,
  clientCategoryId: null,
  restrictedMode: false,
  deniedUsers: [],
  isKit: false,
  isOldBrowser: false,
} as unknown as ClientConfig;
const services = {
  availableServices: { title: 'Portal', services: [] },
  mobileServices: { title: 'Portal', services: [] },
  pathPublicityBanner: null,
  unetData: { header: '', title: '', footer: '', footerHeight: 48 },
} as unknown as FastAccessServices;

function summary(id: number, title: string, type: number) {
  return {
    id,
    title,
    excerpt: '',
    author: 'Comité de salud',
    type,
    status: 'published',
    content_type_id: 10,
    content_type: { id: 10, name: 'Higiene' },
    user: { id: 4, user_name: 'rosa_ixcoy', FullImageUrl: null },
    createdAt: '2026-06-03T09:45:00Z',
    coverUrl: null,
    mediaUrl: null,
    mime: null,
    size: null,
    duration: null,
    views: 3,
    downloads: 0,
  };
}

function page(data: unknown[], current = 1, last = 1) {
  return { data, from: data.length ? 1 : null, to: data.length || null, per_page: 24, last_page: last, total: data.length, current_page: current };
}

const notFound = (code: string) =>
  Response.json({ error: { httpCode: 404, type: 'not_found', code, message: '', data: null } }, { status: 404 });

/** A kit with a tiny library; `down` makes every call fail as if the Wi-Fi were gone. */
function fakeKit(overrides: Record<string, () => Response> = {}) {
  const state = { down: false };
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    if (state.down) throw new TypeError('Failed to fetch');
    const url = new URL(String(input), 'http://kit');
    const override = overrides[url.pathname];
    if (override) return override();
    switch (url.pathname) {
      case '/api/v2/id/config':
        return Response.json(config);
      case '/api/v3/fastAccessServices':
        return Response.json(services);
      case '/api/content/all':
        return Response.json(page([summary(5, 'Guía de lavado de manos', 2), summary(4, 'Lavado de manos', 3)]));
      case '/api/v2/categories/10/branch':
        return Response.json({ data: [{ id: 7, name: 'Salud' }, { id: 10, name: 'Higiene' }] });
      case '/api/v2/categories/root/children':
        return Response.json({ data: [{ id: 7, name: 'Salud', childrenCount: 1, priority: 1, status_id: 1 }] });
      case '/api/contents/random':
        return Response.json(summary(5, 'Guía de lavado de manos', 2));
      case '/api/v2/resource/5':
        return Response.json({
          ...summary(5, 'Guía de lavado de manos', 2),
          description: 'Cartilla',
          source: 'Kit Portal',
          license: 'CC BY 4.0',
          app_version: null,
          statusReason: null,
          reportNotes: [],
          publishedAt: '2026-06-03T09:45:00Z',
          categoryPath: [{ id: 7, name: 'Salud' }, { id: 10, name: 'Higiene' }],
          downloadUrl: null,
          fileName: null,
          commentsCount: 0,
          isFavorite: false,
          playlist: null,
        });
      case '/api/v2/resource/6':
        return notFound('RESOURCE_NOT_FOUND');
      default:
        return notFound('ROUTE_NOT_FOUND');
    }
  });
  vi.stubGlobal('fetch', fetchMock);
  return { state, fetchMock };
}

function renderAt(path: string) {
  const router = createMemoryRouter(appRoutes(), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}

const calls = (fetchMock: ReturnType<typeof fakeKit>['fetchMock']) => fetchMock.mock.calls.map(([input]) => String(input));

describe('library routes', () => {
  afterEach(() => {
    resetLibraryContext();
    resetCategoryCache();
    resetSessionForTests();
    resetGuardConfigForTests();
    localStorage.clear();
    window.history.replaceState(null, '', '/');
  });

  it('/{product} lists the library, filtered by ?c= (with its path) and ?type=', async () => {
    const { fetchMock } = fakeKit();
    renderAt('/biblioteca?c=10&type=2&page=2');
    // the first render loads the browse chunk and, with it, the phone's store (Dexie): slow on a busy test machine
    expect(await screen.findByRole('heading', { level: 1, name: 'Higiene' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: /Guía de lavado de manos/ }).getAttribute('href')).toBe('/resource/5');
    expect(screen.getByRole('navigation', { name: 'Ruta de la categoría' }).textContent).toBe('Salud');
    expect(calls(fetchMock)).toContain('/api/content/all?page=2&type=2&category=10');
    const chosen = screen.getByRole('navigation', { name: 'Tipo de recurso' }).querySelector('[aria-current="true"]');
    expect(chosen?.textContent).toBe('Documento');
  });

  it('any other one-word path is the 404 page, not a library', async () => {
    fakeKit();
    renderAt('/bibliotecas');
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeTruthy();
  });

  it('with the kit unreachable, an unknown path is still a 404 (the last known slug decides)', async () => {
    const kit = fakeKit();
    kit.state.down = true;
    renderAt('/esto-no-existe');
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeTruthy();
  });

  it('shows the network message and recovers on retry', async () => {
    const kit = fakeKit();
    kit.state.down = true;
    renderAt('/biblioteca');
    expect(await screen.findByText('No se pudo conectar con el portal. Revisa tu conexión al wifi del kit.')).toBeTruthy();
    kit.state.down = false;
    fireEvent.click(screen.getAllByRole('button', { name: 'Reintentar' }).at(-1) as HTMLElement);
    expect(await screen.findByRole('link', { name: /Guía de lavado de manos/ })).toBeTruthy();
  });

  it('/resource/random, opened directly, replaces itself with a random resource’s page', async () => {
    fakeKit();
    window.history.replaceState(null, '', '/resource/random'); // the browser's address bar, as when the address is typed
    const router = renderAt('/resource/random');
    expect(await screen.findByRole('heading', { level: 1, name: 'Guía de lavado de manos' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/resource/5');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('/resource/{id} shows the details with the date as dd/MM/yyyy; an unknown id is a 404', async () => {
    fakeKit();
    const router = renderAt('/resource/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Guía de lavado de manos' })).toBeTruthy();
    expect(screen.getByTestId('resource-date').textContent).toMatch(/^0[23]\/06\/2026$/);
    expect(screen.getByText('CC BY 4.0')).toBeTruthy();
    await router.navigate('/resource/6');
    expect(await screen.findByRole('heading', { name: NOT_FOUND })).toBeTruthy();
  });

  it('/resource/{id} asks for the resource once and has the browser fetch its cover first, before the page renders', async () => {
    const cover = '/api/media/portada.jpg';
    const video = { ...summary(5, 'Lavado de manos en video', 3), coverUrl: cover, mediaUrl: '/api/media/video.mp4', mime: 'video/mp4' };
    const { fetchMock } = fakeKit({
      '/api/v2/resource/5': () =>
        Response.json({ ...video, description: '', source: '', license: '', app_version: null, statusReason: null, reportNotes: [], publishedAt: null, categoryPath: [], downloadUrl: null, fileName: null, commentsCount: 0, isFavorite: false, playlist: null }),
    });
    renderAt('/resource/5');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lavado de manos en video' })).toBeTruthy();
    expect(calls(fetchMock).filter((url) => url.includes('/api/v2/resource/5'))).toHaveLength(1);
    const preload = document.head.querySelector(`link[rel="preload"][as="image"][href="${cover}"]`);
    expect(preload?.getAttribute('fetchpriority')).toBe('high');
  });

  it('/user/{id}/resources says so when the list cannot be read', async () => {
    fakeKit({ '/api/v3/searchResource': () => Response.json({ error: { httpCode: 500, type: 'server', code: 'INTERNAL', message: '', data: null } }, { status: 500 }) });
    renderAt('/user/3/resources');
    expect(await screen.findByText('No se pudo obtener los recursos subidos por el usuario')).toBeTruthy();
  });

  it('/resource without an id replaces itself with the library home', async () => {
    fakeKit();
    const router = renderAt('/resource');
    expect(await screen.findByRole('link', { name: /Guía de lavado de manos/ }, { timeout: 5000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/biblioteca');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('/user/resources without an id sends an anonymous visitor to log in, coming back to it', async () => {
    fakeKit();
    const router = renderAt('/user/resources?type=2');
    await waitFor(() => expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/login?cb=%2Fuser%2Fresources%3Ftype%3D2'));
  });

  it('/user/resources without an id replaces itself with the logged-in visitor’s own resources', async () => {
    const { fetchMock } = fakeKit({
      '/api/v2/session': () => Response.json({ user: { id: 4, user_name: 'rosa_ixcoy', is_admin: false, roleId: 2 }, mustChangePassword: false }),
      '/api/v3/searchResource': () => Response.json({ ...page([summary(5, 'Guía de lavado de manos', 2)]), capped: false }),
    });
    localStorage.setItem('kp_onboarding_4', '1');
    const router = renderAt('/user/resources?type=2');
    expect(await screen.findByRole('heading', { level: 1, name: 'Mis recursos' }, { timeout: 5000 })).toBeTruthy();
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/user/4/resources?type=2');
    expect(router.state.historyAction).toBe('REPLACE');
    expect(calls(fetchMock)).toContain('/api/v3/searchResource?section=user&user=4&page=1&type=2');
  });

  it('/search with library= (the reader\'s search box) asks for that library\'s articles only and opens them in the reader', async () => {
    const { fetchMock } = fakeKit({
      '/api/v2/search': () =>
        Response.json({ data: [{ kind: 'article', libraryId: 4, libraryTitle: 'Enciclopedia del valle', title: 'Ceiba', alias: null, path: 'A/Ceiba' }], total: 1, capped: false }),
    });
    renderAt('/search?q=ceiba&library=4');
    const article = await screen.findByRole('link', { name: /Ceiba/ });
    expect(article.getAttribute('href')).toBe('/resource/4/read/A/Ceiba');
    expect(screen.getByText('En Enciclopedia del valle')).toBeTruthy();
    const asked = calls(fetchMock).filter((url) => url.includes('/api/v2/search') || url.includes('/api/v3/searchPage'));
    expect(asked).toHaveLength(1);
    expect(new URL(asked[0] ?? '', 'http://kit').searchParams.get('library')).toBe('4');
  });

  it('/search without a query asks for one; with one it lists resources and users', async () => {
    fakeKit({
      '/api/v3/searchPage': () =>
        Response.json({ data: [summary(5, 'Guía de lavado de manos', 2)], total: 1, capped: false, users: { data: [], total: 0 } }),
      '/api/v2/search': () => Response.json({ data: [{ kind: 'resource', resource: summary(5, 'Guía de lavado de manos', 2) }], total: 1, capped: false }),
    });
    const router = renderAt('/search');
    expect(await screen.findByText('Escribe lo que buscas y pulsa Enter.')).toBeTruthy();
    await router.navigate('/search?q=manos');
    expect(await screen.findByRole('heading', { level: 1, name: 'Resultados para «manos»' })).toBeTruthy();
    expect(screen.getByText('No se encontraron usuarios para «manos».')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('link', { name: /Guía de lavado de manos/ })).toBeTruthy());
  });
});
