import { readFileSync } from 'node:fs';
import path from 'node:path';
import { devices, expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { KitApi, signInBrowser, signedInUser } from './helpers/kit-api.ts';
import { articlePage, publishLibrary } from './helpers/library-zim.ts';
import { pageFaults } from './helpers/page-checks.ts';

/*
 * Every route of docs/ROUTES.md on a 360×740 phone, and the admin routes on a
 * 1366×768 desktop too, each as the role that uses it: no page wider than the
 * screen, no text spilling out of a button or a card, no English word of a
 * small list, a title of its own, no serious or critical axe-core violation
 * (helpers/page-checks.ts). One browser context per role, logged in once.
 * A route the doc lists and this table lacks fails the first test.
 */

type Role = 'visitor' | 'villager' | 'admin' | 'admin-desktop';

interface Ids {
  resource: number;
  /** a «Biblioteca» (ZIM) */
  library: number;
  list: number;
  villager: number;
}

interface Visit {
  /** the route as docs/ROUTES.md writes it */
  route: string;
  role: Role;
  url: (ids: Ids) => string;
  /** what tells this visit from another of the same route and role */
  variant?: string;
}

const PHONE = { ...devices['Pixel 7'], viewport: { width: 360, height: 740 }, screen: { width: 360, height: 740 } };
const DESKTOP = { viewport: { width: 1366, height: 768 } };

const ADMIN_ROUTES = [
  '/admin',
  '/admin/users',
  '/admin/category',
  '/admin/data',
  '/admin/sync',
  '/admin/device',
  '/admin/resources/all',
  '/admin/resources/pending-approval',
  '/admin/resources/draft',
  '/admin/resources/reports',
  '/admin/resources/block',
  '/admin/resources/upload',
  '/admin/menu',
  '/admin/anuncios',
  '/admin/mensajes',
];

const at = (route: string, role: Role, url?: (ids: Ids) => string, variant?: string): Visit => ({ route, role, url: url ?? (() => route), variant });

const VISITS: Visit[] = [
  at('/', 'visitor'),
  at('/home', 'visitor'),
  at('/menu', 'visitor'),
  at('/menu', 'villager'),
  at('/login', 'visitor'),
  at('/login/temporary', 'visitor'),
  at('/register', 'visitor'),
  at('/user/{id}', 'villager', (ids) => `/user/${ids.villager}`),
  at('/user/{id}', 'visitor', () => '/user/999999'),
  at('/user/constants/education', 'villager'),
  at('/user/constants/occupation', 'villager'),
  at('/extra/download', 'visitor'),
  at('/extra/download-browser', 'visitor'),
  at('/uapps', 'visitor'),
  at('/{product}', 'visitor', () => '/biblioteca'),
  // The last type chosen: its chip starts past the edge of a phone.
  at('/{product}', 'visitor', () => '/biblioteca?type=6', 'the last type chosen'),
  at('/featured', 'visitor'),
  at('/search', 'visitor', () => '/search?q=agua'),
  at('/search/res', 'visitor', () => '/search/res?q=agua'),
  at('/search/users', 'visitor', () => '/search/users?q=a'),
  at('/resource/{id}', 'visitor', (ids) => `/resource/${ids.resource}`),
  at('/resource/{id}', 'villager', (ids) => `/resource/${ids.resource}`),
  at('/resource/{id}/read/{path}', 'visitor', (ids) => `/resource/${ids.library}/read/`),
  at('/resource/{id}/read-outside', 'visitor', (ids) => `/resource/${ids.library}/read-outside?to=${encodeURIComponent('https://es.wikipedia.org/wiki/Ceiba')}`),
  at('/resource', 'visitor'),
  at('/resource/random', 'visitor'),
  at('/list/{id}', 'villager', (ids) => `/list/${ids.list}`),
  at('/user/{id}/resources', 'villager', (ids) => `/user/${ids.villager}/resources`),
  at('/user/resources', 'villager'),
  at('/upload', 'villager'),
  at('/upload/draft', 'villager'),
  at('/upload/ModalAlert', 'villager'),
  at('/admin/login', 'visitor'),
  ...ADMIN_ROUTES.flatMap((route) => [at(route, 'admin'), at(route, 'admin-desktop')]),
  at('/extra/saved', 'villager'),
  at('/anuncios', 'visitor'),
  at('/anuncios/nuevo', 'villager'),
  at('any other page', 'visitor', () => '/no-existe/esta-pagina'),
  // Last: it ends the visitor's (empty) session.
  at('/extra/logout', 'visitor'),
];

/**
 * Not pages of the app, so not this suite's: the server's own answers for a
 * missing build file and an unknown API path (docs/ROUTES.md, «Anything else»).
 */
const NOT_APP_PAGES = ['/assets/…', '/images/…', '/icons/…', '/api/…'];

/** Every route docs/ROUTES.md names: its tables' first column and the pages it adds in prose. */
function documentedRoutes(): string[] {
  const doc = readFileSync(path.resolve(import.meta.dirname, '..', '..', 'docs', 'ROUTES.md'), 'utf8');
  const routes = new Set<string>();
  for (const line of doc.split('\n')) {
    const cell = /^\| ([^|]+) \|/.exec(line)?.[1];
    if (!cell || cell.trim() === 'route' || cell.startsWith('---')) continue;
    const paths = [...cell.matchAll(/`([^`]+)`/g)].map((m) => m[1] ?? '');
    for (const p of paths.length > 0 ? paths : [cell.trim()]) routes.add(p);
  }
  const added = /Pages this portal adds to the list:([\s\S]*?)Outside the app/.exec(doc)?.[1] ?? '';
  for (const m of added.matchAll(/`(\/[^`]+)`/g)) routes.add(m[1] ?? '');
  return [...routes].filter((r) => !NOT_APP_PAGES.includes(r));
}

let ids: Ids;
const contexts = new Map<Role, BrowserContext>();
const pages = new Map<Role, Page>();

async function openRoles(browser: Browser): Promise<void> {
  const kit = await KitApi.open();
  try {
    const baseURL = process.env.E2E_BASE_URL;
    const phone = await browser.newContext({ ...PHONE, baseURL, locale: 'es-PE' });
    const villagerContext = await browser.newContext({ ...PHONE, baseURL, locale: 'es-PE' });
    const adminPhone = await browser.newContext({ ...PHONE, baseURL, locale: 'es-PE' });
    const adminDesktop = await browser.newContext({ ...DESKTOP, baseURL, locale: 'es-PE' });
    const villager = await signedInUser(kit, villagerContext, 'ruta');
    const adminToken = await kit.adminToken();
    const admin = (await (await fetch(`${baseURL}/api/v2/session`, { headers: { Authorization: `Bearer ${adminToken}` } })).json()) as { user: { id: number } };
    await fetch(`${baseURL}/api/v3/personalDetails`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${adminToken}`, 'Content-Type': 'application/json', 'X-Requested-With': 'kit-portal' },
      body: JSON.stringify({ gender: 2, born_date: '1980-01-01', code_phone: null, phone_number: null }),
    });
    for (const context of [adminPhone, adminDesktop]) {
      await context.addCookies([{ name: `kp_onboarding_${admin.user.id}`, value: '1', url: baseURL ?? '' }]);
      await signInBrowser(context, adminToken);
    }
    const all = (await (await fetch(`${baseURL}/api/content/all?per_page=1`)).json()) as { data: { id: number }[] };
    const resource = all.data[0]?.id;
    if (resource === undefined) throw new Error('the demo library has no published resource');
    const bearer = { Authorization: `Bearer ${villager.token}`, 'Content-Type': 'application/json', 'X-Requested-With': 'kit-portal' };
    const list = (await (await fetch(`${baseURL}/api/v2/playlists`, { method: 'POST', headers: bearer, body: JSON.stringify({ name: 'Para la escuela' }) })).json()) as { id: number };
    await fetch(`${baseURL}/api/v2/playlists/${list.id}/items`, { method: 'POST', headers: bearer, body: JSON.stringify({ resource_id: resource }) });
    const library = await publishLibrary([{ file: 'index.html', content: articlePage('Portada', '<h1>Portada</h1><p>La ceiba es un árbol sagrado.</p>') }]);
    ids = { resource, library, list: list.id, villager: villager.id };
    const roles: [Role, BrowserContext][] = [
      ['visitor', phone],
      ['villager', villagerContext],
      ['admin', adminPhone],
      ['admin-desktop', adminDesktop],
    ];
    for (const [role, context] of roles) {
      contexts.set(role, context);
      pages.set(role, await context.newPage());
    }
  } finally {
    await kit.close();
  }
}

test.beforeAll(async ({ browser }) => {
  await openRoles(browser);
});

test.afterAll(async () => {
  for (const context of contexts.values()) await context.close();
  contexts.clear();
  pages.clear();
});

test('the table visits every route docs/ROUTES.md lists', () => {
  const visited = new Set(VISITS.map((v) => v.route));
  expect(documentedRoutes().filter((route) => !visited.has(route))).toEqual([]);
});

for (const visit of VISITS) {
  test(`${visit.route} as ${visit.role}${visit.variant ? `, ${visit.variant}` : ''}`, async () => {
    const page = pages.get(visit.role);
    if (!page) throw new Error(`no page for ${visit.role}`);
    await page.goto(visit.url(ids));
    await page.waitForLoadState('networkidle');
    // Drawn: a page's heading, or the dialog a page opens with (the upload reminder).
    await page.locator('h1, [role="dialog"]').first().waitFor();
    expect(await pageFaults(page), `${page.url()} as ${visit.role}`).toEqual([]);
  });
}
