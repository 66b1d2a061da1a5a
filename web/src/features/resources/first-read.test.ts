import type { ResourceDetail } from '@kit/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resourceRouteLoader } from './resource-early.ts';
import { forgetFirstRead, startFirstRead, takeFirstRead } from './first-read.ts';

const resource = { id: 7, title: 'Mapa de la comunidad', type: 1, mediaUrl: null, coverUrl: null, renditions: [] } as unknown as ResourceDetail;

/** The kit, at the fetch edge: the resource, its config and tools; every URL asked for is recorded. */
function stubKit() {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    const url = String(input);
    const body = url.startsWith('/api/v2/resource/') ? resource : {};
    return new Response(JSON.stringify(body), { status: 200, headers: { 'content-type': 'application/json' } });
  });
  vi.stubGlobal('fetch', fetchMock);
  return () => fetchMock.mock.calls.map(([url]) => String(url));
}

const loaderArgs = (id: string) => ({ params: { id }, request: new Request(`http://kit.local/resource/${id}`), context: undefined }) as unknown as Parameters<typeof resourceRouteLoader>[0];

afterEach(() => forgetFirstRead());

describe('the resource page asked for as the app starts', () => {
  it('asks the kit for /resource/{id} at once, and nothing for other pages', () => {
    const asked = stubKit();
    startFirstRead('/menu');
    startFirstRead('/resource/abc');
    expect(asked()).toEqual([]);
    startFirstRead('/resource/7');
    expect(asked()).toEqual(['/api/v2/resource/7']);
  });

  it('is taken once, by the page it was asked for', async () => {
    stubKit();
    startFirstRead('/resource/7');
    expect(takeFirstRead(8)).toBeUndefined();
    startFirstRead('/resource/7');
    const read = takeFirstRead(7);
    await expect(read).resolves.toMatchObject({ id: 7 });
    expect(takeFirstRead(7)).toBeUndefined();
  });

  it('is what the resource loader uses: the kit is asked for the resource once', async () => {
    const asked = stubKit();
    startFirstRead('/resource/7');
    const data = await resourceRouteLoader(loaderArgs('7'));
    expect(data.resource).toMatchObject({ id: 7, title: 'Mapa de la comunidad' });
    expect(asked().filter((url) => url === '/api/v2/resource/7')).toHaveLength(1);
  });

  it('is dropped when the first navigation went elsewhere: a later visit asks the kit again', async () => {
    const asked = stubKit();
    startFirstRead('/resource/7');
    forgetFirstRead();
    await resourceRouteLoader(loaderArgs('7'));
    expect(asked().filter((url) => url === '/api/v2/resource/7')).toHaveLength(2);
  });
});
