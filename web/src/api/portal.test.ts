import { afterEach, describe, expect, it, vi } from 'vitest';
import { getClientConfig, getFastAccessServices } from './portal.ts';
import { setSessionToken } from './session-token.ts';

function stubFetch() {
  const fetchMock = vi.fn<typeof fetch>(async () => new Response('{}', { status: 200 }));
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

describe('portal calls', () => {
  afterEach(() => setSessionToken(null));

  it('GET /api/v2/id/config and /api/v3/fastAccessServices', async () => {
    const fetchMock = stubFetch();
    await getClientConfig();
    await getFastAccessServices();
    expect(fetchMock.mock.calls.map(([url]) => url)).toEqual(['/api/v2/id/config', '/api/v3/fastAccessServices']);
  });

  it('carry the session’s bearer token once it is set', async () => {
    const fetchMock = stubFetch();
    await getClientConfig();
    setSessionToken('jwt-1');
    await getClientConfig();
    const auth = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('Authorization'));
    expect(auth).toEqual([null, 'Bearer jwt-1']);
  });
});
