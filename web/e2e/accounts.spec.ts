import { expect, test, type Browser, type BrowserContext, type Page } from '@playwright/test';
import { denyUser } from './helpers/kit-db.ts';
import { KitApi, signInBrowser, uniqueUserName, type ApiUser } from './helpers/kit-api.ts';
import { ChangePasswordModal, notification, OnboardingModal } from './pages/account-modals.ts';
import { LoginPage } from './pages/login.page.ts';
import { ProfilePage } from './pages/profile.page.ts';
import { RegisterPage } from './pages/register.page.ts';

/*
 * Accounts in the browser (docs/API-accounts.md), against the real server: every route
 * guard rule of docs/PRODUCT.md#route-guards, registration with the onboarding, and temporary
 * credentials. Phone first: 360px wide.
 */
test.use({ viewport: { width: 360, height: 740 } });

/** What `page.url()` says, as path and query. */
function here(page: Page): string {
  const url = new URL(page.url());
  return `${url.pathname}${url.search}`;
}

async function sessionUser(page: Page): Promise<{ id: number; user_name: string } | null> {
  const answer = (await (await page.request.get('/api/v2/session')).json()) as { user: { id: number; user_name: string } | null };
  return answer.user;
}

// ---- (a) docs/PRODUCT.md#route-guards route guard rules, one row each ----

type Who = 'anonymous' | 'user' | 'admin' | 'deniedAdmin';

interface GuardRow {
  rule: string;
  who: Who;
  visit: string;
  /** path and query the browser ends on */
  lands: string;
  /**
   * Config the page is told (GET /api/v2/id/config answered by the real
   * server, these fields changed): restricted mode is kit-wide and other spec
   * files run at the same time; isKit is fixed when the server starts.
   */
  config?: { restrictedMode?: boolean; isKit?: boolean };
  /** a browser the server itself judges too old (docs/PRODUCT.md#old-browsers: Chrome below 48) */
  oldBrowser?: boolean;
  /** text the landing page shows */
  shows?: string;
}

const OLD_CHROME = 'Mozilla/5.0 (Linux; Android 4.4.2; SM-G360M) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/40.0.2214.89 Mobile Safari/537.36';

const GUARD_TABLE: GuardRow[] = [
  { rule: 'a logged-in user on the login page goes to cb', who: 'user', visit: '/login?cb=%2Fuser%2Fconstants%2Feducation', lands: '/user/constants/education' },
  { rule: 'a logged-in user on the login page without cb goes to / (and so /menu)', who: 'user', visit: '/login', lands: '/menu' },
  { rule: 'a logged-in user on the registration page goes to /', who: 'user', visit: '/register', lands: '/menu' },
  { rule: 'after logout the user is sent to /login with cb=/menu', who: 'user', visit: '/extra/logout', lands: '/login?cb=/menu', shows: 'Iniciar sesión' },
  { rule: 'a page needing authentication sends an anonymous user to /login', who: 'anonymous', visit: '/upload', lands: '/login?cb=%2Fupload' },
  { rule: '/menu needs no login', who: 'anonymous', visit: '/menu', lands: '/menu' },
  { rule: 'restricted mode sends an anonymous user to /login', who: 'anonymous', visit: '/biblioteca', lands: '/login?cb=%2Fbiblioteca', config: { restrictedMode: true } },
  { rule: 'restricted mode sends an anonymous user on an admin path to /admin/login', who: 'anonymous', visit: '/admin/users', lands: '/admin/login', config: { restrictedMode: true } },
  { rule: 'restricted mode leaves /menu open', who: 'anonymous', visit: '/menu', lands: '/menu', config: { restrictedMode: true } },
  { rule: 'restricted mode lets a logged-in user through', who: 'user', visit: '/user/constants/occupation', lands: '/user/constants/occupation', config: { restrictedMode: true } },
  { rule: 'the admin area sends an anonymous user to /login?route={route name}', who: 'anonymous', visit: '/admin/users', lands: '/login?route=admin-users' },
  {
    rule: 'the admin area sends a logged-in non-admin to /login?route={route name}',
    who: 'user',
    visit: '/admin/category',
    lands: '/login?route=admin-category',
    shows: 'no tiene acceso a la sección de administración',
  },
  { rule: 'the admin area lets an admin through', who: 'admin', visit: '/admin/users', lands: '/admin/users' },
  { rule: 'a denied user opening an admin path is sent to / (and so /menu)', who: 'deniedAdmin', visit: '/admin/users', lands: '/menu' },
  {
    rule: 'a kit device with an old browser is sent to /extra/download-browser',
    who: 'anonymous',
    visit: '/biblioteca',
    lands: '/extra/download-browser',
    config: { isKit: true },
    oldBrowser: true,
  },
  { rule: 'an old browser off a kit is let through', who: 'anonymous', visit: '/user/constants/education', lands: '/user/constants/education', oldBrowser: true },
  { rule: 'a kit with a current browser is let through', who: 'anonymous', visit: '/user/constants/education', lands: '/user/constants/education', config: { isKit: true } },
];

test.describe('route guards, in the browser', () => {
  let api: KitApi;
  const accounts = new Map<Exclude<Who, 'anonymous' | 'admin'>, ApiUser>();

  test.beforeAll(async () => {
    api = await KitApi.open();
    accounts.set('user', await api.createUser('guarda', { completeProfile: true }));
    const denied = await api.createUser('negado', { completeProfile: true });
    await api.makeAdmin(denied.id);
    denyUser(denied.id);
    // the client config tells the denied admin about themself, and nobody else about them
    expect((await api.config((await api.login(denied.user_name, denied.password)).token)).deniedUsers).toEqual([denied.id]);
    expect((await api.config(await api.adminToken())).deniedUsers).toEqual([]);
    accounts.set('deniedAdmin', denied);
  });

  /** A fresh login per row: the logout row really ends its token on the server. */
  async function tokenOf(who: Who): Promise<string | null> {
    if (who === 'anonymous') return null;
    if (who === 'admin') return api.adminToken();
    const account = accounts.get(who);
    if (!account) throw new Error(`no account for ${who}`);
    return (await api.login(account.user_name, account.password)).token;
  }

  test.afterAll(async () => {
    await api.close();
  });

  async function openAs(browser: Browser, row: GuardRow): Promise<{ context: BrowserContext; page: Page }> {
    const context = await browser.newContext({
      baseURL: process.env.E2E_BASE_URL,
      viewport: { width: 360, height: 740 },
      locale: 'es-PE',
      serviceWorkers: 'block',
      ...(row.oldBrowser ? { userAgent: OLD_CHROME } : {}),
    });
    const token = await tokenOf(row.who);
    if (token) await signInBrowser(context, token);
    if (row.config) {
      const overrides = row.config;
      await context.route('**/api/v2/id/config**', async (route) => {
        const response = await route.fetch();
        await route.fulfill({ response, json: { ...((await response.json()) as object), ...overrides } });
      });
    }
    return { context, page: await context.newPage() };
  }

  for (const row of GUARD_TABLE) {
    test(`${row.rule}: ${row.visit} → ${row.lands}`, async ({ browser }) => {
      const { context, page } = await openAs(browser, row);
      try {
        await page.goto(row.visit);
        await expect.poll(() => here(page)).toBe(row.lands);
        if (row.shows) await expect(page.getByRole('main').getByText(row.shows).first()).toBeVisible();
        if (row.visit === '/extra/logout') expect(await sessionUser(page)).toBeNull();
      } finally {
        // The page may still be fetching its config through the override when the test ends.
        await context.unrouteAll({ behavior: 'ignoreErrors' });
        await context.close();
      }
    });
  }

  test('a logged-in non-admin sent to /login?route=… is told the account has no admin access and may log in as another', async ({ browser }) => {
    const { context, page } = await openAs(browser, { rule: '', who: 'user', visit: '/admin/category', lands: '/login?route=admin-category' });
    try {
      await page.goto('/admin/category');
      await expect.poll(() => here(page)).toBe('/login?route=admin-category');
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1, name: 'Sin acceso de administrador' })).toBeVisible();
      await expect(main).toContainText(`Tu cuenta «${accounts.get('user')?.user_name}» no tiene acceso a la sección de administración.`);
      await expect(main.getByText('Crear una cuenta')).toHaveCount(0);
      await expect(main.getByLabel('Contraseña')).toHaveCount(0);

      await main.getByRole('button', { name: 'Ingresar con otra cuenta' }).click();
      await expect(new LoginPage(page, 'admin').heading).toBeVisible();
      expect(here(page)).toBe('/admin/login');
      expect(await sessionUser(page)).toBeNull();
    } finally {
      await context.close();
    }
  });
});

test.describe('logging in', () => {
  let api: KitApi;
  let user: ApiUser;

  test.beforeAll(async () => {
    api = await KitApi.open();
    user = await api.createUser('entrada', { completeProfile: true });
  });

  test.afterAll(async () => {
    await api.close();
  });

  test('an ordinary login reloads the page, which then goes to cb', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto('?cb=%2Fuser%2Fconstants%2Foccupation');
    await login.logIn(user.user_name, user.password);
    await expect.poll(() => here(page)).toBe('/user/constants/occupation');
    await expect(page.getByRole('heading', { name: 'Ocupaciones' })).toBeVisible();
    expect((await sessionUser(page))?.id).toBe(user.id);
  });

  test('the library header offers Iniciar sesión with the way back, then Perfil and Cerrar sesión', async ({ page, context }) => {
    // the onboarding was already seen (docs/PRODUCT.md#onboarding: once per user, kept in a cookie too)
    await context.addCookies([{ name: `kp_onboarding_${user.id}`, value: '1', url: process.env.E2E_BASE_URL ?? '' }]);
    await page.goto('/biblioteca?c=1');
    const header = page.getByRole('banner');
    const loginLink = header.getByRole('link', { name: 'Iniciar sesión' });
    await expect(loginLink).toHaveAttribute('href', '/login?cb=%2Fbiblioteca%3Fc%3D1');
    await loginLink.click();
    const login = new LoginPage(page);
    await expect(login.heading).toBeVisible();
    await login.logIn(user.user_name, user.password);
    await expect.poll(() => here(page)).toBe('/biblioteca?c=1');

    const account = header.getByRole('button', { name: `Menú de la cuenta: ${user.user_name}` });
    await account.click();
    await header.getByRole('link', { name: 'Perfil' }).click();
    await expect.poll(() => here(page)).toBe(`/user/${user.id}`);
    await expect(new ProfilePage(page).heading).toHaveText('Prueba Kit');

    await page.goto('/biblioteca');
    await account.click();
    await header.getByRole('button', { name: 'Cerrar sesión' }).click();
    await expect.poll(() => here(page)).toBe('/login?cb=/menu');
    expect(await sessionUser(page)).toBeNull();
  });

  test('a wrong password says so and stays on the page', async ({ page }) => {
    const login = new LoginPage(page);
    await login.goto();
    await login.logIn(user.user_name, 'no-es-la-clave');
    await expect(login.failure).toHaveText('Usuario o contraseña incorrectos');
    expect(here(page)).toBe('/login');
  });

  test('an admin-mode login goes to /admin; a non-admin is refused as unauthorized', async ({ page }) => {
    const adminLogin = new LoginPage(page, 'admin');
    await adminLogin.goto();
    await adminLogin.logIn(user.user_name, user.password);
    await expect(adminLogin.failure).toHaveText('No autorizado: esta cuenta no es de administrador');
    expect(await sessionUser(page)).toBeNull();

    await adminLogin.logIn('admin', process.env.E2E_ADMIN_PASSWORD ?? '');
    await expect.poll(() => here(page)).toBe('/admin');
    expect((await sessionUser(page))?.user_name).toBe('admin');
  });
});

// ---- (b) registration → onboarding with the profile slide → profile edit ----

test.describe('a new villager', () => {
  test('registers, completes the profile in the onboarding, then edits it', async ({ page }) => {
    const userName = uniqueUserName('vecina');
    const register = new RegisterPage(page);
    await register.goto();
    await expect(register.heading).toBeVisible();
    await register.register({ userName, name: 'Rosa', lastName: 'Mamani', password: 'clave-segura' });

    // Registered and logged in: the page loads / (the menu), where the onboarding opens with the form slide.
    await expect.poll(() => here(page)).toBe('/menu');
    const onboarding = new OnboardingModal(page);
    await expect(onboarding.titled('Bienvenido a Kit Portal')).toBeVisible();
    await expect(onboarding.close).toHaveCount(0);
    await page.keyboard.press('Escape');
    await page.mouse.click(5, 5);
    await expect(onboarding.dialog).toBeVisible();
    // phone-sized image of the slide
    await expect(onboarding.slide.locator('img')).toHaveJSProperty('currentSrc', new URL('/images/onboarding/slide-1-small.svg', page.url()).href);

    for (let i = 0; i < 5; i += 1) await onboarding.next.click();
    await expect(onboarding.titled('Completa tu perfil')).toBeVisible();
    await expect(onboarding.next).toHaveCount(0);
    await expect(onboarding.finish).toBeDisabled();

    const form = onboarding.form;
    await expect(form.countryCode).toHaveValue('+51');
    await expect(form.phone).toHaveAttribute('placeholder', '+51 987654321');
    await form.phone.fill('98-76');
    await expect(form.phone).toHaveValue('9876');
    await form.phone.blur();
    await expect(form.error('Debe tener mínimo 7 dígitos')).toBeVisible();
    await form.countryCode.selectOption('+502');
    await expect(form.phone).toHaveAttribute('placeholder', '+502 45678912');
    await form.phone.fill('4567.8912');
    await form.gender('Femenino').check();
    await expect(form.bornDate).toHaveAttribute('placeholder', 'DD/MM/AAAA');
    // the phone's calendar, where future days cannot be picked
    await expect(onboarding.dialog.locator('input[type="date"]')).toHaveAttribute('max', /^\d{4}-\d{2}-\d{2}$/);
    await form.bornDate.pressSequentially('3112' + String(new Date().getFullYear() + 1));
    await expect(form.error('La fecha de nacimiento no puede ser posterior a hoy')).toBeVisible();
    await expect(onboarding.finish).toBeDisabled();
    await form.bornDate.fill('');
    await form.bornDate.pressSequentially('14071988');
    await expect(form.bornDate).toHaveValue('14/07/1988');
    await expect(onboarding.finish).toBeEnabled();
    await onboarding.finish.click();
    await expect(notification(page, 'El perfil se ha actualizado correctamente')).toBeVisible();
    await expect(onboarding.dialog).toHaveCount(0);

    // Shown once: not again after a reload, now that the profile is complete.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(onboarding.dialog).toHaveCount(0);

    const me = await sessionUser(page);
    if (!me) throw new Error('the new villager should be logged in');
    const profile = new ProfilePage(page);
    await profile.goto(me.id);
    await expect(profile.heading).toHaveText('Rosa Mamani');
    await expect(profile.details.gender('Femenino')).toBeChecked();
    await expect(profile.details.bornDate).toHaveValue('14/07/1988');
    await expect(profile.details.countryCode).toHaveValue('+502');
    await expect(profile.details.phone).toHaveValue('4567.8912');

    // A 6-digit phone is refused before anything is sent.
    await profile.details.phone.fill('123456');
    await expect(profile.details.error('Debe tener mínimo 7 dígitos')).toBeVisible();
    await expect(profile.save).toBeDisabled();

    // No phone: saved with no country code.
    await profile.details.phone.fill('');
    await profile.field('Apellidos').fill('Mamani Quispe');
    const saved = page.waitForRequest((request) => request.url().endsWith(`/api/v2/users/${me.id}/profile`) && request.method() === 'PUT');
    await profile.save.click();
    expect((await saved).postDataJSON()).toMatchObject({ last_name: 'Mamani Quispe', code_phone: null, phone_number: null });
    await expect(notification(page, 'El perfil se ha actualizado correctamente')).toBeVisible();
    await page.reload();
    await expect(profile.heading).toHaveText('Rosa Mamani Quispe');

    // An e-mail someone else has is refused by its code.
    const api = await KitApi.open();
    try {
      const email = `${uniqueUserName('correo')}@portal.kit`;
      await api.createUser('otra', { email });
      await profile.field('Correo electrónico').fill(email);
      await profile.save.click();
      await expect(notification(page, 'El correo ya se encuentra en uso')).toBeVisible();
    } finally {
      await api.close();
    }

    // The initial letter stands in for a missing picture; an uploaded one replaces it.
    await expect(profile.avatar).toHaveText('R');
    await profile.pictureInput.setInputFiles({ name: 'yo.png', mimeType: 'image/png', buffer: tinyPng() });
    await expect(notification(page, 'Tu foto de perfil se ha actualizado')).toBeVisible();
    await expect(profile.avatar).toHaveAttribute('src', new RegExp(`/api/v2/users/${me.id}/image`));
    await expect.poll(() => profile.avatar.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);

    // Something that is not an image is refused with the docs/PRODUCT.md#notification-messages message.
    await profile.pictureInput.setInputFiles({ name: 'nota.png', mimeType: 'image/png', buffer: Buffer.from('no soy una imagen') });
    await expect(page.getByRole('region', { name: 'Notificaciones' }).getByText(/^No se pudo guardar la imagen de perfil/)).toBeVisible();

    // A fresh load of another page: the library header's account button knows the picture from the session.
    await page.goto('/biblioteca');
    const accountPicture = page.getByRole('button', { name: /^Menú de la cuenta: / }).locator('img');
    await expect(accountPicture).toHaveAttribute('src', new RegExp(`/api/v2/users/${me.id}/image`));
    await expect.poll(() => accountPicture.evaluate((img) => (img as HTMLImageElement).naturalWidth)).toBeGreaterThan(0);
  });
});

/** A valid 8×8 orange PNG. */
function tinyPng(): Buffer {
  return Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAgAAAAICAIAAABLbSncAAAAEUlEQVR4nGM4EaCBFTEMLQkAaplQAc/OcKAAAAAASUVORK5CYII=', 'base64');
}

// ---- (c) temporary credentials → forced password change → normal login ----

test.describe('a villager who forgot the password', () => {
  test('logs in with the temporary password the admin issued, must change it, then logs in with the new one', async ({ page, context }) => {
    const api = await KitApi.open();
    let user: ApiUser;
    let temporary: string;
    try {
      user = await api.createUser('olvido', { completeProfile: true });
      temporary = await api.issueTemporaryPassword(user.id);
    } finally {
      await api.close();
    }

    const temporaryLogin = new LoginPage(page, 'temporary');
    await temporaryLogin.goto();
    await expect(temporaryLogin.heading).toBeVisible();
    await temporaryLogin.logIn(user.user_name, temporary);

    // The page reloads to / (the menu) with the password change forced: no Cancelar, no ×, no Escape.
    await expect.poll(() => here(page)).toBe('/menu');
    const change = new ChangePasswordModal(page);
    await expect(change.dialog).toBeVisible();
    expect((await context.cookies()).some((c) => c.name === 'tmp_login')).toBe(true);
    await expect(change.cancel).toHaveCount(0);
    await expect(change.close).toHaveCount(0);
    await page.keyboard.press('Escape');
    await expect(change.dialog).toBeVisible();

    await expect(change.save).toBeDisabled();
    await change.newPassword.fill('corta');
    await change.repeat.fill('corto');
    await change.save.click();
    await expect(change.dialog.getByText('Usa como mínimo 6 caracteres')).toBeVisible();
    await expect(change.dialog.getByText('Las contraseñas deben coincidir')).toBeVisible();
    await change.newPassword.fill('mi-clave-nueva');
    await change.repeat.fill('mi-clave-nueva');
    await change.save.click();
    await expect(notification(page, 'Tu contraseña ha sido actualizada')).toBeVisible();
    await expect(change.dialog).toHaveCount(0);
    expect((await context.cookies()).some((c) => c.name === 'tmp_login')).toBe(false);

    // Still logged in with the fresh token; a reload does not bring the modal back.
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(change.dialog).toHaveCount(0);
    expect((await sessionUser(page))?.id).toBe(user.id);

    await page.goto('/extra/logout');
    await expect.poll(() => here(page)).toBe('/login?cb=/menu');
    const login = new LoginPage(page);
    await login.logIn(user.user_name, temporary);
    await expect(login.failure).toHaveText('Usuario o contraseña incorrectos');
    await login.logIn(user.user_name, 'mi-clave-nueva');
    await expect.poll(() => here(page)).toBe('/menu');
    expect((await sessionUser(page))?.id).toBe(user.id);
    await expect(change.dialog).toHaveCount(0);
  });
});
