import { request as playwrightRequest, type APIRequestContext, type APIResponse } from '@playwright/test';

/*
 * Contributions (docs/API-contributions.md) as the browser tests set them up: one request
 * context per person (Bearer token), so nothing reaches the browser under test.
 */

export interface ManagedResourceView {
  id: number;
  title: string;
  status: 'draft' | 'pending' | 'published' | 'rejected' | 'blocked';
  statusReason: string | null;
  actions: string[];
}

/** A tiny real PDF: the server types files by their first bytes. */
export function smallPdf(seed: number): Buffer {
  const body = Buffer.alloc(2048);
  for (let i = 0; i < body.length; i++) body[i] = (i * 13 + seed * 101) & 0xff;
  return Buffer.concat([Buffer.from('%PDF-1.4\n'), body]);
}

export class ContribApi {
  private readonly http: APIRequestContext;

  private constructor(http: APIRequestContext) {
    this.http = http;
  }

  static async as(token: string): Promise<ContribApi> {
    return new ContribApi(await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } }));
  }

  async close(): Promise<void> {
    await this.http.dispose();
  }

  private async json<T>(response: APIResponse): Promise<T> {
    if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as T;
  }

  /** A category the caller may file a resource under. */
  async anyCategoryId(): Promise<number> {
    const tree = await this.json<{ data: { id: number }[] }>(await this.http.get('/api/content/types?graph=false'));
    const first = tree.data[0];
    if (!first) throw new Error('the demo library has no category');
    return first.id;
  }

  /** A document with everything the publishing format asks, its file attached, submitted (pending while moderation is on). */
  async submitDocument(title: string, seed: number): Promise<ManagedResourceView> {
    const draft = await this.json<ManagedResourceView>(
      await this.http.post('/api/v2/resources', {
        data: {
          title,
          type: 2,
          author: 'Escuela del valle',
          source: 'Archivo comunal',
          license: 'CC BY 4.0',
          description: 'Documento de prueba de moderación.',
          content_type_id: await this.anyCategoryId(),
          rights_declared: true,
        },
      }),
    );
    await this.json(
      await this.http.post(`/api/v2/resources/${draft.id}/file`, {
        multipart: { file: { name: 'documento.pdf', mimeType: 'application/pdf', buffer: smallPdf(seed) } },
      }),
    );
    return this.json(await this.http.post(`/api/v2/resources/${draft.id}/submit`));
  }

  /** Admins: a «Biblioteca» of this ZIM file, published. */
  async bringLibrary(title: string, zim: Buffer): Promise<number> {
    const draft = await this.json<ManagedResourceView>(
      await this.http.post('/api/v2/resources', {
        data: { title, type: 7, license: 'CC BY-SA 4.0', content_type_id: await this.anyCategoryId(), rights_declared: true },
      }),
    );
    await this.json(await this.http.post(`/api/v2/resources/${draft.id}/file`, { multipart: { file: { name: 'biblioteca.zim', mimeType: 'application/x-zim', buffer: zim } } }));
    const submitted = await this.json<ManagedResourceView>(await this.http.post(`/api/v2/resources/${draft.id}/submit`));
    if (submitted.status === 'pending') await this.decide(draft.id, 'approve');
    return draft.id;
  }

  /** Where the search index of a library's articles is (GET /api/v2/libraries/{id}). */
  async libraryIndex(id: number): Promise<string> {
    return (await this.json<{ index: { state: string } }>(await this.http.get(`/api/v2/libraries/${id}`))).index.state;
  }

  async resource(id: number): Promise<ManagedResourceView> {
    return this.json(await this.http.get(`/api/v2/resources/${id}`));
  }

  /** Admins: a moderation decision (approve, reject with a reason, block with or without one). */
  async decide(id: number, action: 'approve' | 'reject' | 'block', reason?: string): Promise<ManagedResourceView> {
    return this.json(await this.http.post(`/api/v2/admin/resources/${id}/${action}`, reason === undefined ? {} : { data: { reason } }));
  }

  async report(id: number, reason: string): Promise<{ id: number }> {
    return this.json(await this.http.post(`/api/v2/resources/${id}/report`, { data: { reason } }));
  }

  /** Admins: whether new contributions wait for approval. */
  async moderation(): Promise<boolean> {
    return (await this.json<{ resourceModeration: boolean }>(await this.http.get('/api/v2/admin/settings'))).resourceModeration;
  }

  async setModeration(on: boolean): Promise<void> {
    await this.json(await this.http.put('/api/v2/admin/settings', { data: { resourceModeration: on } }));
  }
}
