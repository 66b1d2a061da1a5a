import type { ErrorBody } from '@kit/contract';
import { es } from '../i18n/es.ts';

/** A failed call, carrying the error object (docs/PRODUCT.md#error-object). The UI branches on `code`, never on `message`. */
export class ApiError extends Error {
  readonly httpCode: number;
  readonly type: string;
  readonly code: string;
  readonly data: unknown;

  constructor(fields: ErrorBody['error']) {
    super(fields.message);
    this.name = 'ApiError';
    this.httpCode = fields.httpCode;
    this.type = fields.type;
    this.code = fields.code;
    this.data = fields.data;
  }
}

/**
 * Sent on every call. The server refuses a cookie-authenticated write without
 * it (a cross-site form cannot add a custom header), see server/src/modules/auth/session.plugin.ts.
 */
export const CSRF_HEADER = 'X-Requested-With';
export const CSRF_HEADER_VALUE = 'kit-portal';

/** Code of the ApiError thrown when the kit cannot be reached at all. */
export const NETWORK_ERROR = 'NETWORK_ERROR';

export type QueryValue = string | number | boolean | undefined | readonly (string | number)[];
export type Query = Readonly<Record<string, QueryValue>>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  /** sent as JSON, or as is when it is FormData (multipart uploads) */
  body?: unknown;
  signal?: AbortSignal;
  /** extra request headers (the outbox's Idempotency-Key) */
  headers?: Readonly<Record<string, string>>;
}

export interface ApiClientOptions {
  baseUrl?: string;
  /** the bearer token of the session, or null when anonymous */
  getToken?: () => string | null;
  fetch?: typeof fetch;
  /** told of every failed call (after the ApiError is built, before it is thrown); the session logs out on a 401 */
  onError?: (error: ApiError, call: { path: string; method: string }) => void;
}

export interface ApiClient {
  request<T>(path: string, options?: RequestOptions): Promise<T>;
  get<T>(path: string, query?: Query, signal?: AbortSignal): Promise<T>;
}

/** `?a=1&b=x&b=y`, leaving out undefined values (docs/PRODUCT.md#api-contract). */
export function buildQueryString(query: Query | undefined): string {
  if (!query) return '';
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined) continue;
    if (Array.isArray(value)) {
      for (const item of value as readonly (string | number)[]) params.append(key, String(item));
    } else {
      params.append(key, String(value));
    }
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

async function readJson(response: Response): Promise<unknown> {
  try {
    return (await response.json()) as unknown;
  } catch {
    // docs/PRODUCT.md#error-object: a JSON parse failure gives null data.
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Turns a failed response's body into an ApiError, whatever shape it came in. */
export function toApiError(status: number, body: unknown): ApiError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : null;
  const read = (source: Record<string, unknown> | null, key: string): string | undefined =>
    source && typeof source[key] === 'string' ? source[key] : undefined;
  const topLevel = isRecord(body) ? body : null;
  return new ApiError({
    httpCode: typeof error?.httpCode === 'number' ? error.httpCode : status,
    type: read(error, 'type') ?? 'http',
    code: read(error, 'code') ?? `HTTP_${status}`,
    message: read(error, 'message') ?? read(topLevel, 'message') ?? es.errors.generic,
    data: error ? (error.data ?? null) : null,
  });
}

export function createApiClient(options: ApiClientOptions = {}): ApiClient {
  const baseUrl = options.baseUrl ?? '/api';
  const getToken = options.getToken ?? (() => null);
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));

  async function request<T>(path: string, { method = 'GET', query, body, signal, headers: extra }: RequestOptions = {}): Promise<T> {
    const headers = new Headers({ ...extra, Accept: 'application/json', [CSRF_HEADER]: CSRF_HEADER_VALUE });
    const token = getToken();
    if (token) headers.set('Authorization', `Bearer ${token}`);
    let payload: BodyInit | undefined;
    if (body instanceof FormData) {
      payload = body;
    } else if (body !== undefined) {
      headers.set('Content-Type', 'application/json');
      payload = JSON.stringify(body);
    }

    let response: Response;
    try {
      response = await doFetch(`${baseUrl}${path}${buildQueryString(query)}`, {
        method,
        headers,
        body: payload,
        credentials: 'same-origin',
        signal,
      });
    } catch (cause) {
      if (signal?.aborted) throw cause;
      throw new ApiError({ httpCode: 0, type: 'network', code: NETWORK_ERROR, message: es.errors.network, data: null });
    }

    const data = response.status === 204 ? null : await readJson(response);
    if (!response.ok) {
      const error = toApiError(response.status, data);
      options.onError?.(error, { path, method });
      throw error;
    }
    return data as T;
  }

  return {
    request,
    get: <T>(path: string, query?: Query, signal?: AbortSignal) => request<T>(path, { query, signal }),
  };
}
