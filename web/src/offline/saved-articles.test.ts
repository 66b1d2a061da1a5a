import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { db } from './db.ts';
import { listSavedArticles, readSavedArticle, saveArticle, SaveError } from './saved-articles.ts';

/*
 * Saving an article of a library on the phone, against a stand-in for the
 * kit's copy answer (the real one: server article-copy.test.ts, and the
 * browser journey e2e/zim-offline.spec.ts).
 */

const CEIBA = '<!DOCTYPE html><html><head><title>Ceiba</title></head><body><p>La ceiba es un árbol sagrado.</p></body></html>';

function kitAnswers(status: number, body: string, type = 'text/html; charset=utf-8') {
  return vi.spyOn(globalThis, 'fetch').mockImplementation(async () => new Response(body, { status, headers: { 'Content-Type': type } }));
}

/** The phone has `free` bytes left. */
function freeSpace(free: number) {
  Object.defineProperty(navigator, 'storage', { configurable: true, value: { estimate: async () => ({ quota: free, usage: 0 }), persist: async () => true } });
}

const saveCeiba = (path = 'Ceiba', now = 1000) => saveArticle({ resourceId: 7, path, libraryTitle: 'Wikipedia en español' }, now);

afterEach(async () => {
  Reflect.deleteProperty(navigator, 'storage');
  await Promise.all([db.savedArticles.clear(), db.articleCopies.clear(), db.savedMedia.clear()]);
});

describe('saveArticle («Guardar para leer sin conexión»)', () => {
  it('keeps the kit’s copy, titled by the article, listed under its library', async () => {
    const fetch = kitAnswers(200, CEIBA);
    await saveCeiba('A/Árbol sagrado');
    expect(fetch.mock.calls[0]?.[0]).toBe('/api/v2/libraries/7/copy?path=A%2F%C3%81rbol%20sagrado');
    const [listed] = await listSavedArticles();
    expect(listed).toMatchObject({ resourceId: 7, path: 'A/Árbol sagrado', title: 'Ceiba', libraryTitle: 'Wikipedia en español', bytes: new Blob([CEIBA]).size });
    expect((await readSavedArticle(7, 'A/Árbol sagrado'))?.html).toBe(CEIBA);
  });

  it('says tooLarge when the kit refuses the copy with ZIM_COPY_TOO_LARGE, and keeps nothing', async () => {
    kitAnswers(413, JSON.stringify({ error: { httpCode: 413, code: 'ZIM_COPY_TOO_LARGE', type: 'validation', message: 'x', data: null } }), 'application/json');
    const error = await saveCeiba().catch((e: unknown) => e);
    expect(error).toBeInstanceOf(SaveError);
    expect((error as SaveError).reason).toBe('tooLarge');
    expect(await listSavedArticles()).toEqual([]);
  });

  it('makes room by deleting the least recently used saved things, and says which', async () => {
    const size = new Blob([CEIBA]).size;
    kitAnswers(200, CEIBA);
    await saveCeiba('Viejo', 1);
    await saveCeiba('Reciente', 2);
    // room for one article more only once the oldest is gone
    freeSpace(size - 1);
    const { evicted } = await saveCeiba('Nuevo', 3);
    expect(evicted).toEqual(['Ceiba']);
    expect((await listSavedArticles()).map((a) => a.path)).toEqual(['Nuevo', 'Reciente']);
    expect(await readSavedArticle(7, 'Viejo')).toBeNull();
  });

  it('refuses with noSpace when even deleting everything else would not make room', async () => {
    kitAnswers(200, CEIBA);
    freeSpace(10);
    const error = await saveCeiba().catch((e: unknown) => e);
    expect((error as SaveError).reason).toBe('noSpace');
  });
});
