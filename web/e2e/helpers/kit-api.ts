import { randomBytes } from 'node:crypto';
import { request as playwrightRequest, type APIRequestContext, type BrowserContext } from '@playwright/test';

/*
 * The kit's API as the tests need it, through a request context of its own:
 * its cookies never reach the browser under test. The admin is the kit's
 * `admin` user, whose password global-setup.ts chose (E2E_ADMIN_PASSWORD).
 */

export interface ApiUser {
  id: number;
  user_name: string;
  password: string;
  token: string;
}

function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the browser tests through playwright.config.ts');
  return url;
}

/** A user name no other test uses. */
export function uniqueUserName(prefix: string): string {
  return `${prefix}_${randomBytes(4).toString('hex')}`;
}

export class KitApi {
  private readonly http: APIRequestContext;

  private constructor(http: APIRequestContext) {
    this.http = http;
  }

  static async open(): Promise<KitApi> {
    // The header the web client sends: the server refuses cookie-authenticated writes without it.
    return new KitApi(await playwrightRequest.newContext({ baseURL: baseUrl(), extraHTTPHeaders: { 'X-Requested-With': 'kit-portal' } }));
  }

  async close(): Promise<void> {
    await this.http.dispose();
  }

  private async json<T>(response: Awaited<ReturnType<APIRequestContext['post']>>): Promise<T> {
    if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  private bearer(token: string) {
    return { Authorization: `Bearer ${token}` };
  }

  async login(user_name: string, password: string, admin = false): Promise<{ token: string; user: { id: number } }> {
    return this.json(await this.http.post('/api/auth', { data: { user_name, password, ...(admin ? { admin: true } : {}) } }));
  }

  async adminToken(): Promise<string> {
    const password = process.env.E2E_ADMIN_PASSWORD;
    if (!password) throw new Error('E2E_ADMIN_PASSWORD is not set by global-setup.ts');
    return (await this.login('admin', password, true)).token;
  }

  /** Registers a fresh user (POST /api/user/create), optionally with a complete profile. */
  async createUser(prefix: string, options: { email?: string; completeProfile?: boolean } = {}): Promise<ApiUser> {
    const user_name = uniqueUserName(prefix);
    const password = `clave-${randomBytes(4).toString('hex')}`;
    const answer = await this.json<{ token: string; user: { id: number } }>(
      await this.http.post('/api/user/create', {
        data: { user_name, name: 'Prueba', last_name: 'Kit', password, ...(options.email ? { email: options.email } : {}) },
      }),
    );
    if (options.completeProfile) {
      await this.json(
        await this.http.post('/api/v3/personalDetails', {
          headers: this.bearer(answer.token),
          data: { gender: 2, born_date: '1990-01-01', code_phone: null, phone_number: null },
        }),
      );
    }
    return { id: answer.user.id, user_name, password, token: answer.token };
  }

  async makeAdmin(userId: number): Promise<void> {
    await this.json(await this.http.put(`/api/v2/admin/users/${userId}/admin`, { headers: this.bearer(await this.adminToken()) }));
  }

  /** What an admin reads to a user who forgot their password. */
  async issueTemporaryPassword(userId: number): Promise<string> {
    const answer = await this.json<{ password: string }>(
      await this.http.post(`/api/v2/admin/users/${userId}/temporary-credentials`, { headers: this.bearer(await this.adminToken()) }),
    );
    return answer.password;
  }

  /** The resources USERID's favourites list shows (the public list, as anyone reads it). */
  async favoriteIds(userId: number): Promise<number[]> {
    const answer = await this.json<{ data: Array<{ id: number }> }>(await this.http.get(`/api/v2/user/${userId}/resources/favorites?per_page=60`));
    return answer.data.map((resource) => resource.id);
  }

  /** The client config as TOKEN's user sees it (deniedUsers tells a caller only about themself); anonymous without one. */
  async config(token?: string): Promise<{ deniedUsers: number[]; restrictedMode: boolean }> {
    return this.json(await this.http.get('/api/v2/id/config', token ? { headers: this.bearer(token) } : {}));
  }
}

/** Logs the browser context in as `token`'s user: the HttpOnly cookie the server itself sets on login. */
export async function signInBrowser(context: BrowserContext, token: string): Promise<void> {
  await context.addCookies([{ name: 'kp_token', value: token, url: baseUrl(), httpOnly: true, sameSite: 'Lax' }]);
}

/** A fresh user with a complete profile, signed in to CONTEXT's browser and past the first-visit onboarding. */
export async function signedInUser(kit: KitApi, context: BrowserContext, prefix: string): Promise<ApiUser> {
  const user = await kit.createUser(prefix, { completeProfile: true });
  await context.addCookies([{ name: `kp_onboarding_${user.id}`, value: '1', url: baseUrl() }]);
  await signInBrowser(context, user.token);
  return user;
}
