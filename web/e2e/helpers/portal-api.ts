import { request as playwrightRequest, type APIRequestContext, type BrowserContext } from '@playwright/test';
import { KitApi } from './kit-api.ts';

/*
 * The portal's admin API (docs/API-portal.md) as the browser tests need it: services
 * mode, menu tiles, the app package. Calls go out as the kit's `admin`
 * through a request context of their own, never the browser's.
 */

export type ServicesMode = 'default' | 'planet' | 'community';

export interface ServiceEntry {
  id: string;
  name: string;
  href: string | null;
  disabled: boolean;
}

export interface Services {
  mode: ServicesMode;
  availableServices: { title: string; services: ServiceEntry[] };
  mobileServices: { title: string; services: ServiceEntry[] };
}

export class PortalAdminApi {
  private readonly http: APIRequestContext;

  private constructor(http: APIRequestContext) {
    this.http = http;
  }

  static async open(): Promise<PortalAdminApi> {
    const kit = await KitApi.open();
    const token = await kit.adminToken();
    await kit.close();
    return new PortalAdminApi(await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } }));
  }

  /**
   * Makes the kit's admin a user who has been through the onboarding (profile
   * complete, carousel seen in this browser), so pages open without it.
   */
  async skipOnboarding(context: BrowserContext): Promise<void> {
    const session = (await (await this.http.get('/api/v2/session')).json()) as { user: { id: number } };
    await this.ok(await this.http.post('/api/v3/personalDetails', { data: { gender: 2, born_date: '1980-01-01', code_phone: null, phone_number: null } }));
    await context.addCookies([{ name: `kp_onboarding_${session.user.id}`, value: '1', url: process.env.E2E_BASE_URL ?? '' }]);
  }

  async close(): Promise<void> {
    await this.http.dispose();
  }

  private async ok(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<void> {
    if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  }

  async setServicesMode(mode: ServicesMode): Promise<void> {
    await this.ok(await this.http.put('/api/v2/admin/settings', { data: { servicesMode: mode } }));
  }

  /** What an anonymous visitor's menu holds now. */
  async anonymousServices(): Promise<Services> {
    const anonymous = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
    try {
      return (await (await anonymous.get('/api/v3/fastAccessServices')).json()) as Services;
    } finally {
      await anonymous.dispose();
    }
  }

  /** Deletes an added tile (or resets a catalogue tool) of a mode. */
  async removeTile(mode: ServicesMode, key: string): Promise<void> {
    await this.ok(await this.http.delete(`/api/v2/admin/menu/${mode}/tiles/${key}`));
  }

  async uploadAppPackage(bytes: Buffer, fileName: string, query: { name: string; version: string }): Promise<void> {
    const search = new URLSearchParams(query).toString();
    await this.ok(
      await this.http.post(`/api/v2/admin/extra/app-package?${search}`, {
        multipart: { file: { name: fileName, mimeType: 'application/vnd.android.package-archive', buffer: bytes } },
      }),
    );
  }

  async removeAppPackage(): Promise<void> {
    await this.ok(await this.http.delete('/api/v2/admin/extra/app-package'));
  }

  async categoryId(name: string): Promise<number> {
    const tree = (await (await this.http.get('/api/content/types?graph=false')).json()) as { data: { id: number; name: string }[] };
    const found = tree.data.find((c) => c.name === name);
    if (!found) throw new Error(`no category ${name} in the demo library`);
    return found.id;
  }
}
