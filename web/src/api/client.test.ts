import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR, buildQueryString, createApiClient, toApiError } from './client.ts';

function jsonResponse(status: number, body: unknown): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
}

function clientWith(response: Response | Error, token: string | null = null) {
  const fetchMock = vi.fn<typeof fetch>(async () => {
    if (response instanceof Error) throw response;
    return response;
  });
  const client = createApiClient({ fetch: fetchMock, getToken: () => token });
  const call = () => {
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    return { url: String(url), init: init ?? {}, headers: new Headers(init?.headers) };
  };
  return { client, fetchMock, call };
}

describe('buildQueryString', () => {
  it('drops undefined values and repeats array values', () => {
    expect(buildQueryString({ q: 'año', page: 2, type: undefined, categories: [3, 4], all: false })).toBe(
      '?q=a%C3%B1o&page=2&categories=3&categories=4&all=false',
    );
  });

  it('gives an empty string when nothing is left', () => {
    expect(buildQueryString({ q: undefined })).toBe('');
    expect(buildQueryString(undefined)).toBe('');
  });
});

describe('createApiClient', () => {
  it('calls under /api with JSON accept and same-origin credentials', async () => {
    const { client, call } = clientWith(jsonResponse(200, { ok: true }));
    await expect(client.get('/v2/id/config', { seeDesktop: undefined })).resolves.toEqual({ ok: true });
    expect(call().url).toBe('/api/v2/id/config');
    expect(call().init.credentials).toBe('same-origin');
    expect(call().headers.get('Accept')).toBe('application/json');
    expect(call().headers.has('Authorization')).toBe(false);
  });

  it('sends X-Requested-With: kit-portal on every call, reads and writes alike', async () => {
    const { client, fetchMock } = clientWith(jsonResponse(200, {}));
    await client.get('/v2/session');
    await client.request('/deauth', { method: 'POST' });
    const sent = fetchMock.mock.calls.map(([, init]) => new Headers(init?.headers).get('X-Requested-With'));
    expect(sent).toEqual(['kit-portal', 'kit-portal']);
  });

  it('tells onError of a failed call before throwing it, and stays quiet on success', async () => {
    const onError = vi.fn();
    const fetchMock = vi
      .fn<typeof fetch>()
      .mockResolvedValueOnce(jsonResponse(200, {}))
      .mockResolvedValueOnce(
        jsonResponse(401, { error: { httpCode: 401, type: 'auth', code: 'TOKEN_EXPIRED', message: 'x', data: null } }),
      );
    const client = createApiClient({ fetch: fetchMock, onError });
    await client.get('/user/1');
    expect(onError).not.toHaveBeenCalled();
    await expect(client.request('/user/update', { method: 'POST', body: {} })).rejects.toMatchObject({ code: 'TOKEN_EXPIRED' });
    expect(onError).toHaveBeenCalledTimes(1);
    expect(onError.mock.calls[0]?.[0]).toMatchObject({ httpCode: 401, code: 'TOKEN_EXPIRED' });
    expect(onError.mock.calls[0]?.[1]).toEqual({ path: '/user/update', method: 'POST' });
  });

  it('sends the bearer token when the session has one', async () => {
    const { client, call } = clientWith(jsonResponse(200, {}), 'abc.def');
    await client.get('/users/1');
    expect(call().headers.get('Authorization')).toBe('Bearer abc.def');
  });

  it('sends a plain body as JSON', async () => {
    const { client, call } = clientWith(jsonResponse(200, {}));
    await client.request('/comment/create', { method: 'POST', body: { content_id: 7, comment: 'Hola' } });
    expect(call().init.method).toBe('POST');
    expect(call().headers.get('Content-Type')).toBe('application/json');
    expect(call().init.body).toBe('{"content_id":7,"comment":"Hola"}');
  });

  it('sends FormData as is, letting the browser set the multipart boundary', async () => {
    const { client, call } = clientWith(jsonResponse(200, {}));
    const form = new FormData();
    form.append('file', new Blob(['x']), 'x.txt');
    await client.request('/v2/users/1/profile/image', { method: 'POST', body: form });
    expect(call().init.body).toBe(form);
    expect(call().headers.has('Content-Type')).toBe(false);
  });

  it('turns the error object into an ApiError with its fields', async () => {
    const body = {
      error: { httpCode: 404, type: 'not_found', code: 'ROUTE_NOT_FOUND', message: 'No existe', data: { path: '/x' } },
    };
    const { client } = clientWith(jsonResponse(404, body));
    const error = await client.get('/nope').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ httpCode: 404, type: 'not_found', code: 'ROUTE_NOT_FOUND', message: 'No existe', data: { path: '/x' } });
  });

  it('gives null data when a successful answer is not JSON', async () => {
    const { client } = clientWith(new Response('<html>', { status: 200 }));
    await expect(client.get('/contents/random')).resolves.toBeNull();
  });

  it('gives null data for 204 No Content', async () => {
    const { client } = clientWith(new Response(null, { status: 204 }));
    await expect(client.request('/deauth', { method: 'POST' })).resolves.toBeNull();
  });

  it('reports an unreachable kit as NETWORK_ERROR', async () => {
    const { client } = clientWith(new TypeError('Failed to fetch'));
    await expect(client.get('/v3/fastAccessServices')).rejects.toMatchObject({ code: NETWORK_ERROR, httpCode: 0 });
  });

  it('lets an abort through untouched', async () => {
    const controller = new AbortController();
    controller.abort();
    const abort = new DOMException('aborted', 'AbortError');
    const { client } = clientWith(abort);
    await expect(client.get('/v3/fastAccessServices', undefined, controller.signal)).rejects.toBe(abort);
  });
});

describe('toApiError', () => {
  it('uses a top-level message and the status when the body has no error object', () => {
    expect(toApiError(401, { message: 'Token expirado' })).toMatchObject({
      httpCode: 401,
      code: 'HTTP_401',
      type: 'http',
      message: 'Token expirado',
      data: null,
    });
  });

  it('falls back to the generic Spanish message when the body is not JSON', () => {
    expect(toApiError(502, null)).toMatchObject({ httpCode: 502, message: 'Ha ocurrido un error', data: null });
  });
});
