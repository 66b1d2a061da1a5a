import { randomBytes } from 'node:crypto';
import { performance } from 'node:perf_hooks';
import { setTimeout as sleep } from 'node:timers/promises';
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
/**
 * Places of the queue kept for logins from phones known to their account
 * (known-device.ts), which also wait in front: a flood of guesses at
 * accounts that exist cannot push their owners out with 503.
 */
export const HASH_KEPT_FOR_KNOWN_DEVICES = 8;
export const hashLimiter = new ConcurrencyLimiter(HASH_CONCURRENCY, HASH_MAX_QUEUE, HASH_KEPT_FOR_KNOWN_DEVICES);

/**
 * Places of the queue (running ones included) that checks against the dummy
 * hash may take at once: the rest is kept for accounts that exist, so a flood
 * of made-up names cannot crowd out their owners.
 */
export const DUMMY_SHARE = 4;
let dummyChecks = 0;

/** How long one hash takes lately (a moving average), for the dummy checks skipped beyond their share. */
let typicalHashMs = 0;

async function timed<T>(job: () => Promise<T>): Promise<T> {
  const started = performance.now();
  try {
    return await job();
  } finally {
    const took = performance.now() - started;
    typicalHashMs = typicalHashMs === 0 ? took : typicalHashMs * 0.8 + took * 0.2;
  }
}

export const limitedHashPassword = (password: string): Promise<string> => hashLimiter.run(() => timed(() => hashPassword(password)));
export const limitedVerifyPassword = (password: string, phc: string, knownDevice = false): Promise<boolean> =>
  hashLimiter.run(() => timed(() => verifyPassword(password, phc)), { ahead: knownDevice });

/**
 * A hash of a password nobody knows, made once per process with the same
 * parameters as every real one (outside the queue: the login routes make it
 * as they start), which also gives the first measure of how long a hash takes.
 */
let dummyHash: Promise<string> | null = null;
export const dummyPasswordHash = (): Promise<string> => (dummyHash ??= timed(() => hashPassword(randomBytes(24).toString('base64'))));

/**
 * The work of a wrong password for a login that has no hash to check (an
 * unknown name; a temporary login of an account without a temporary
 * password): the password is checked against the dummy hash within
 * DUMMY_SHARE, so its answer costs and takes what a real one does and its
 * timing does not tell which user names exist. Beyond that share nothing is
 * hashed: the answer only waits as long as a hash takes lately (a timer, no
 * work), so even then its timing says little.
 */
export async function checkAgainstDummy(password: string): Promise<void> {
  const dummyPhc = await dummyPasswordHash();
  if (dummyChecks >= DUMMY_SHARE) {
    await sleep(typicalHashMs);
    return;
  }
  dummyChecks += 1;
  try {
    await limitedVerifyPassword(password, dummyPhc);
  } finally {
    dummyChecks -= 1;
  }
}
