import { ConcurrencyLimiter } from '../../concurrency-limiter.ts';
import { hashPassword, verifyPassword } from './password.ts';

/**
 * argon2id runs on libuv's thread pool (4 threads by default), the same pool
 * that reads media files for video streams. Two hashes at a time (19 MiB each)
 * leave the other threads for the streams and keep memory small on a 1 GB Pi;
 * a classroom logging in together queues for a second or two; a flood gets 503.
 * One limiter for the whole process, because the pool is the process's.
 */
export const HASH_CONCURRENCY = 2;
export const HASH_MAX_QUEUE = 48;
export const hashLimiter = new ConcurrencyLimiter(HASH_CONCURRENCY, HASH_MAX_QUEUE);

export const limitedHashPassword = (password: string): Promise<string> => hashLimiter.run(() => hashPassword(password));
export const limitedVerifyPassword = (password: string, phc: string): Promise<boolean> => hashLimiter.run(() => verifyPassword(password, phc));
