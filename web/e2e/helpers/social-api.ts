import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';

/*
 * Reads of comments, favourites, lists and reports as the server answers
 * them, through a request context of its own (the browser's offline switch
 * does not reach it), to check what the pages did.
 */

export interface ServerComment {
  id: number;
  comment: string;
  user: { id: number } | null;
}

export interface ServerPlaylistCard {
  id: number;
  name: string;
  count: number;
  hasResource?: boolean;
}

export interface ServerReport {
  reason: string;
  user: { id: number } | null;
}

export class SocialApi {
  private readonly http: APIRequestContext;

  private constructor(http: APIRequestContext) {
    this.http = http;
  }

  static async open(): Promise<SocialApi> {
    return new SocialApi(await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL }));
  }

  async close(): Promise<void> {
    await this.http.dispose();
  }

  private async get<T>(path: string, token?: string): Promise<T> {
    const response = await this.http.get(path, token ? { headers: { Authorization: `Bearer ${token}` } } : undefined);
    if (!response.ok()) throw new Error(`${path} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  async comments(resourceId: number): Promise<ServerComment[]> {
    return (await this.get<{ data: ServerComment[] }>(`/api/comments/${resourceId}?per_page=100`)).data;
  }

  async favoriteIds(userId: number): Promise<number[]> {
    return (await this.get<{ data: { id: number }[] }>(`/api/v2/user/${userId}/resources/favorites?per_page=60`)).data.map((r) => r.id);
  }

  async playlists(userId: number, resourceId: number): Promise<ServerPlaylistCard[]> {
    return (await this.get<{ data: ServerPlaylistCard[] }>(`/api/v2/user/${userId}/playlists?resource=${resourceId}`)).data;
  }

  /** The open reports of a resource, as an admin reads them in "Reportados". */
  async openReports(resourceId: number, title: string, adminToken: string): Promise<ServerReport[]> {
    const page = await this.get<{ data: { id: number; reports?: ServerReport[] }[] }>(
      `/api/v2/admin/resources/reports?per_page=60&q=${encodeURIComponent(title)}`,
      adminToken,
    );
    return page.data.find((item) => item.id === resourceId)?.reports ?? [];
  }

  async user(userId: number): Promise<{ name: string }> {
    return this.get(`/api/user/${userId}`);
  }

  /** A published demo resource of a type (not a list), the n-th one found. */
  async demoResource(type: number, nth = 0): Promise<{ id: number; title: string }> {
    const all = (await this.get<{ data: { id: number; title: string; type: number }[] }>('/api/content/all?per_page=60')).data;
    const found = all.filter((resource) => resource.type === type)[nth];
    if (!found) throw new Error(`the demo library lacks a resource of type ${type}`);
    return found;
  }
}
