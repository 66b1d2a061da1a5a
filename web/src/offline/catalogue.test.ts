import 'fake-indexeddb/auto';
import type { ResourceDetail, ResourceSummary } from '@kit/contract';
import { EMPTY_TERMS } from '@kit/contract/resource-terms';
import { afterEach, describe, expect, it } from 'vitest';
import { MENU_COPY_KEY } from './menu-copy-key.ts';
import { readPage, readResource, rememberPage, rememberResource, searchCatalogue } from './catalogue.ts';
import { db } from './db.ts';
import { clearUserData } from './user-data.ts';

function summary(id: number, title: string, type = 3): ResourceSummary {
  return {
    id, title, type, excerpt: '', author: 'Kit', status: 'published', content_type_id: 10, content_type: { id: 10, name: 'Salud' },
    user: null, createdAt: '2026-01-01', coverUrl: null, mediaUrl: `/api/media/${id}.mp4`, mime: 'video/mp4', size: 10,
    duration: null, views: 0, downloads: 0,
  } as ResourceSummary;
}

function detail(id: number, title: string): ResourceDetail {
  return {
    ...EMPTY_TERMS, ...summary(id, title), description: 'Una guía.', app_version: null, statusReason: null, reportNotes: [],
    publishedAt: null, categoryPath: [], downloadUrl: null, fileName: null, commentsCount: 0, isFavorite: true, playlist: null,
    renditions: [], renditionsPending: false, renditionJob: null,
  } as ResourceDetail;
}

afterEach(async () => {
  await Promise.all(db.tables.map((table) => table.clear()));
  localStorage.clear();
});

describe('the catalogue kept on the phone', () => {
  it('gives a stored page back as the server sent it, numbered', async () => {
    await rememberPage('content:1', { data: [summary(1, 'Uno'), summary(2, 'Dos')], total: 14, per_page: 12 });
    const page = await readPage('content:1', 2);
    expect(page?.data.map((r) => r.title)).toEqual(['Uno', 'Dos']);
    expect(page).toMatchObject({ total: 14, per_page: 12, current_page: 2, last_page: 2, from: 13, to: 14 });
    expect(await readPage('content:other')).toBeNull();
  });

  it('keeps a resource page read earlier when a list brings its summary again', async () => {
    await rememberResource(detail(5, 'Guía'));
    await rememberPage('content:1', { data: [summary(5, 'Guía nueva')], total: 1 });
    expect(await readResource(5)).toMatchObject({ title: 'Guía nueva', description: 'Una guía.' });
    await rememberPage('content:2', { data: [summary(6, 'Solo resumen')], total: 1 });
    expect(await readResource(6)).toBeNull();
  });

  it('searches what it stored without accents, by type, the last word as a prefix', async () => {
    await rememberPage('search:x', { data: [summary(1, 'Alfabetización digital'), summary(2, 'Canción', 4)], total: 2 });
    expect((await searchCatalogue('alfabetizacion')).map((r) => r.id)).toEqual([1]);
    expect((await searchCatalogue('ALFABETIZACIÓN dig')).map((r) => r.id)).toEqual([1]);
    expect((await searchCatalogue('cancion', 3)).map((r) => r.id)).toEqual([]);
    expect((await searchCatalogue('cancion', 4)).map((r) => r.id)).toEqual([2]);
  });

  it('finds a resource page read earlier by the names of the categories above its own, like the server', async () => {
    await rememberResource({ ...detail(7, 'Fracciones'), categoryPath: [{ id: 1, name: 'Educación' }, { id: 2, name: 'Primaria' }, { id: 10, name: 'Salud' }] });
    await rememberPage('search:y', { data: [summary(8, 'Vacunas')], total: 1 });
    expect((await searchCatalogue('educacion')).map((r) => r.id)).toEqual([7]);
    expect((await searchCatalogue('primaria fracc')).map((r) => r.id)).toEqual([7]);
    expect((await searchCatalogue('salud')).map((r) => r.id).sort()).toEqual([7, 8]);
  });
});

describe('clearUserData (logout)', () => {
  it('forgets pages, unsaved resources and the menu copy; saved items stay without per-user fields', async () => {
    localStorage.setItem(MENU_COPY_KEY, '[]');
    await rememberResource(detail(1, 'Guardado'));
    await rememberResource(detail(2, 'Visto'));
    await rememberPage('content:1', { data: [summary(3, 'Listado')], total: 1 });
    await db.savedMedia.put({ resourceId: 1, url: '/api/media/1.mp4', bytes: 10, savedAt: 1, lastUsedAt: 1 });

    await clearUserData();

    expect(await db.searchPages.count()).toBe(0);
    expect((await db.resources.toArray()).map((r) => r.id)).toEqual([1]);
    expect(await readResource(1)).toMatchObject({ isFavorite: false, statusReason: null });
    expect(localStorage.getItem(MENU_COPY_KEY)).toBeNull();
  });
});
