import type { FastifyError, FastifyRequest } from 'fastify';
import { isDiskFullError } from '../disk-space.ts';
import { AppError, type ErrorCode } from '../errors.ts';

/** Fastify's own 4xx errors, by their code, mapped onto our catalog. */
const FASTIFY_CODES: Record<string, ErrorCode> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'INVALID_JSON',
  FST_ERR_CTP_BODY_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_REQ_FILE_TOO_LARGE: 'PAYLOAD_TOO_LARGE',
  FST_FILES_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_PARTS_LIMIT: 'PAYLOAD_TOO_LARGE',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'UNSUPPORTED_MEDIA_TYPE',
  FST_ERR_RATE_LIMIT: 'RATE_LIMITED',
};

/** Turns an Ajv error list into the field it is about: `body.user_name`, `querystring.page`. */
function fieldOf(error: FastifyError): string {
  const first = error.validation?.[0];
  if (!first) return error.validationContext ?? 'body';
  const path = first.instancePath.replace(/^\//, '').replaceAll('/', '.');
  const missing = (first.params as { missingProperty?: string }).missingProperty;
  const field = [path, missing].filter(Boolean).join('.');
  return [error.validationContext, field].filter(Boolean).join('.');
}

/** Any failure as the catalog's error: ours as it is, Fastify's by its code, the rest a 500 that shows nothing. */
function toAppError(error: FastifyError): AppError {
  if (error instanceof AppError) return error;
  // A write the full disk cut, wherever it happened (a file, an SQLite commit): 507, never a 500.
  if (isDiskFullError(error)) return new AppError('DISK_FULL');
  if (error.validation) {
    const field = fieldOf(error);
    return new AppError('VALIDATION', { field, reason: error.validation[0]?.message ?? null }, `El campo «${field}» no es válido`);
  }
  const mapped = error.code ? FASTIFY_CODES[error.code] : undefined;
  if (mapped) return new AppError(mapped);
  if (error.statusCode === 404) return new AppError('NOT_FOUND');
  if (error.statusCode !== undefined && error.statusCode >= 400 && error.statusCode < 500) {
    return new AppError('VALIDATION', null);
  }
  return new AppError('INTERNAL');
}

/** The failure as the catalog's error, logged: a 5xx as an error with its cause, a refusal as information. */
export function toLoggedAppError(error: FastifyError, request: FastifyRequest): AppError {
  const appError = toAppError(error);
  if (appError.httpCode >= 500) request.log.error({ err: error }, 'request failed');
  else request.log.info({ code: appError.code, msg: error.message }, 'request refused');
  return appError;
}
