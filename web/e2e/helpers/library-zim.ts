import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect, request as playwrightRequest, type APIResponse } from '@playwright/test';
import { illustrationPng, zimwriterfs, type Page as ZimPage } from '../../../server/test/zim-tools.ts';
import { KitApi } from './kit-api.ts';

/** An article page of a test library, with the library's stylesheet. */
export const articlePage = (title: string, body: string): string =>
  `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>${title}</title><link rel="stylesheet" href="estilo.css"></head><body>${body}</body></html>`;

/** A library file written by zimwriterfs (libzim's own writer): the pages, index.html as the main page, and an icon. */
async function libraryFile(pages: ZimPage[]): Promise<Buffer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'zim-e2e-'));
  try {
    const file = await zimwriterfs(dir, [...pages, { file: 'icono.png', content: illustrationPng() }], {
      welcome: 'index.html',
      illustration: 'icono.png',
      title: 'Biblioteca de prueba',
    });
    return await fs.readFile(file);
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

async function ok<T>(response: APIResponse): Promise<T> {
  expect(response.ok(), `${response.url()}: ${await response.text()}`).toBe(true);
  return (await response.json()) as T;
}

/** The kit's admin brings a «Biblioteca» of these pages through the one-request file door and publishes it; its id. */
export async function publishLibrary(pages: ZimPage[]): Promise<number> {
  const kit = await KitApi.open();
  const token = await kit.adminToken();
  await kit.close();
  const http = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
  try {
    const tree = await ok<{ data: { id: number }[] }>(await http.get('/api/content/types?graph=false'));
    const draft = await ok<{ id: number }>(
      await http.post('/api/v2/resources', {
        data: {
          title: 'Biblioteca de prueba',
          type: 7,
          author: 'Comunidad',
          source: 'Kit Portal',
          license: 'CC BY-SA 4.0',
          description: 'Artículos sin internet.',
          content_type_id: tree.data[0]?.id,
          rights_declared: true,
        },
      }),
    );
    const file = await libraryFile(pages);
    await ok(await http.post(`/api/v2/resources/${draft.id}/file`, { multipart: { file: { name: 'biblioteca.zim', mimeType: 'application/octet-stream', buffer: file } } }));
    await ok(await http.post(`/api/v2/resources/${draft.id}/submit`));
    return draft.id;
  } finally {
    await http.dispose();
  }
}
