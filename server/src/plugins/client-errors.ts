import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { AppError, type ErrorCode } from '../errors.ts';

/** Node's parser errors, by code, on our catalog; anything else it refuses is a malformed request. */
const PARSER_CODES: Record<string, ErrorCode> = {
  ERR_HTTP_REQUEST_TIMEOUT: 'REQUEST_TIMEOUT',
  HPE_HEADER_OVERFLOW: 'HEADERS_TOO_LARGE',
};

/**
 * What the server answers a request Node's HTTP parser refused before any
 * route saw it (a body cut by a half-closed connection, bytes that are not
 * HTTP, headers too large, a request too slow): the error object
 * (docs/PRODUCT.md#error-object) with a Spanish message, like every other
 * refusal, instead of Fastify's English default. A reset connection gets nothing.
 */
export function answerClientError(error: Error & { code?: string }, socket: Socket): void {
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const refusal = new AppError(PARSER_CODES[error.code ?? ''] ?? 'REQUEST_MALFORMED', { reason: error.code ?? null });
  const body = JSON.stringify(refusal.toBody());
  if (socket.writable) {
    socket.write(
      `HTTP/1.1 ${refusal.httpCode} ${STATUS_CODES[refusal.httpCode]}\r\nContent-Length: ${Buffer.byteLength(body)}\r\nContent-Type: application/json; charset=utf-8\r\nConnection: close\r\n\r\n${body}`,
    );
  }
  socket.destroy(error);
}
