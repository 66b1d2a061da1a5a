import type { FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../../errors.ts';

/**
 * onError hook: a 429 or 503 that knows when to come back says so in
 * Retry-After too, for clients that read headers rather than the body.
 */
export async function retryAfterOnError(_request: FastifyRequest, reply: FastifyReply, error: Error): Promise<void> {
  if (!(error instanceof AppError) || (error.code !== 'RATE_LIMITED' && error.code !== 'UNAVAILABLE')) return;
  const seconds = (error.data as { retryAfterSeconds?: unknown } | null)?.retryAfterSeconds;
  if (typeof seconds === 'number') void reply.header('Retry-After', String(seconds));
}
