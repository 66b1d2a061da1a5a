import type { FastifyError, FastifyInstance } from 'fastify';
import { toLoggedAppError } from '../http/error-answer.ts';

/**
 * The app's error handler: every failure leaves as the error object
 * (docs/PRODUCT.md#error-object); 5xx never show internals. Only a library
 * reader's page visits get the same error as a page (modules/libraries/zim-error-page.ts).
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    const appError = toLoggedAppError(error, request);
    void reply.code(appError.httpCode).type('application/json; charset=utf-8').send(appError.toBody());
  });
}
