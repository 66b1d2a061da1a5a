import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { KitApi } from './kit-api.ts';

/*
 * The categories' admin API (docs/API-admin.md) as the browser tests need it:
 * categories made for one test and the order the server keeps. Calls go out
 * as the kit's `admin` through a request context of their own.
 */
export class CategoryAdminApi {
  private readonly http: APIRequestContext;

  private constructor(http: APIRequestContext) {
    this.http = http;
  }

  static async open(): Promise<CategoryAdminApi> {
    const kit = await KitApi.open();
    const token = await kit.adminToken();
    await kit.close();
    return new CategoryAdminApi(await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } }));
  }

  async close(): Promise<void> {
    await this.http.dispose();
  }

  private async json<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
    if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** Creates a category, appended last under PARENTID (null: top level); returns its id. */
  async create(name: string, parentId: number | null): Promise<number> {
    const answer = await this.json<{ data: { id: number } }>(await this.http.post('/api/content/type/create', { data: { name, content_type_father_id: parentId } }));
    return answer.data.id;
  }

  /** The names of PARENTID's children in the server's order. */
  async childNames(parentId: number): Promise<string[]> {
    const answer = await this.json<{ data: { name: string }[] }>(await this.http.get(`/api/v2/categories/${parentId}/children?fields=name`));
    return answer.data.map((c) => c.name);
  }

  /** The id of PARENTID's child named NAME. */
  async childId(parentId: number, name: string): Promise<number> {
    const answer = await this.json<{ data: { id: number; name: string }[] }>(await this.http.get(`/api/v2/categories/${parentId}/children?fields=id,name`));
    const found = answer.data.find((c) => c.name === name);
    if (!found) throw new Error(`no category ${name} under ${parentId}`);
    return found.id;
  }

  /** Deletes a category and, first, every category under it. */
  async removeTree(id: number): Promise<void> {
    const answer = await this.json<{ data: { id: number }[] }>(await this.http.get(`/api/v2/categories/${id}/children?fields=id`));
    for (const child of answer.data) await this.removeTree(child.id);
    const response = await this.http.delete(`/api/content/type/${id}/delete`);
    if (!response.ok()) throw new Error(`deleting category ${id} answered ${response.status()}: ${await response.text()}`);
  }
}
