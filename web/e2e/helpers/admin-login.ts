import { expect, request as playwrightRequest, type BrowserContext, type Page } from '@playwright/test';
import { LoginPage } from '../pages/login.page.ts';

/** A kit to log in to: the shared e2e server by default, or one a spec started. */
export interface AdminKit {
  baseUrl: string;
  adminPassword: string;
}

/** The shared e2e server global-setup.ts started. */
export const sharedKit = (): AdminKit => ({ baseUrl: process.env.E2E_BASE_URL ?? '', adminPassword: process.env.E2E_ADMIN_PASSWORD ?? '' });

/**
 * Logs `admin` in at /admin/login and waits for the Resumen, past the
 * first-visit onboarding (profile completed and the carousel marked seen
 * through the API). Returns the admin's API token for the spec's own calls.
 */
export async function logInAsAdmin(page: Page, context: BrowserContext, kit: AdminKit = sharedKit()): Promise<string> {
  const http = await playwrightRequest.newContext({ baseURL: kit.baseUrl });
  let token: string;
  try {
    const auth = await http.post('/api/auth', { data: { user_name: 'admin', password: kit.adminPassword } });
    expect(auth.ok(), await auth.text()).toBe(true);
    const session = (await auth.json()) as { token: string; user: { id: number } };
    token = session.token;
    const details = await http.post('/api/v3/personalDetails', {
      headers: { Authorization: `Bearer ${token}` },
      data: { gender: 2, born_date: '1980-01-01', code_phone: null, phone_number: null },
    });
    expect(details.ok(), await details.text()).toBe(true);
    await context.addCookies([{ name: `kp_onboarding_${session.user.id}`, value: '1', url: kit.baseUrl }]);
  } finally {
    await http.dispose();
  }
  const login = new LoginPage(page, 'admin');
  await page.goto(`${kit.baseUrl}/admin/login`);
  await login.logIn('admin', kit.adminPassword);
  await expect(page).toHaveURL(/\/admin$/);
  return token;
}
