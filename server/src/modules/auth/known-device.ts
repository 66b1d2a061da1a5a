import { createHmac } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { sameText } from '../../same-text.ts';

export const KNOWN_DEVICE_COOKIE = 'kp_device';
/** A phone stays known for a year after its last successful login. */
export const KNOWN_DEVICE_TTL_SECONDS = 365 * 24 * 3600;
/** A shared phone remembers this many accounts, the most recent first. */
export const KNOWN_DEVICE_MAX_ACCOUNTS = 8;

const b64url = (data: Buffer | string): string => Buffer.from(data).toString('base64url');

/**
 * The phones an account logged in from. A successful login (or password
 * change) sets a signed, HttpOnly cookie listing the accounts that proved
 * their password on that phone (their random users.account_key). The login
 * throttle exempts a known phone from the per-account ceiling across
 * addresses, so strangers guessing one account from many phones cannot lock
 * its owner out of their own phone (docs/API-accounts.md, "Abuse limits").
 * Signed with a key of its own, derived from the token signing key, so a
 * session token is never a device cookie or the reverse.
 */
export class KnownDevices {
  readonly #key: Buffer;
  readonly #now: () => number;

  constructor(secret: Buffer, now: () => number = () => Date.now()) {
    this.#key = createHmac('sha256', secret).update('kp_device').digest();
    this.#now = now;
  }

  #sign(payload: string): Buffer {
    return createHmac('sha256', this.#key).update(payload).digest();
  }

  /** The account keys the request's cookie vouches for; none when it is missing, forged or expired. */
  #accounts(request: FastifyRequest): string[] {
    const [payload, signature, extra] = (request.cookies[KNOWN_DEVICE_COOKIE] ?? '').split('.');
    if (!payload || !signature || extra !== undefined) return [];
    if (!sameText(signature, b64url(this.#sign(payload)))) return [];
    const [expiresAt, ...accounts] = Buffer.from(payload, 'base64url').toString('utf8').split(',');
    return Number(expiresAt) > this.#now() / 1000 ? accounts : [];
  }

  knows(request: FastifyRequest, accountKey: string): boolean {
    return this.#accounts(request).includes(accountKey);
  }

  /** After a proof of the password: this phone is known to the account (moved to the front of its list). */
  remember(request: FastifyRequest, reply: FastifyReply, accountKey: string): void {
    const accounts = [accountKey, ...this.#accounts(request).filter((k) => k !== accountKey)].slice(0, KNOWN_DEVICE_MAX_ACCOUNTS);
    const payload = b64url([Math.floor(this.#now() / 1000) + KNOWN_DEVICE_TTL_SECONDS, ...accounts].join(','));
    void reply.setCookie(KNOWN_DEVICE_COOKIE, `${payload}.${b64url(this.#sign(payload))}`, {
      path: '/api',
      httpOnly: true,
      sameSite: 'lax',
      secure: request.protocol === 'https',
      maxAge: KNOWN_DEVICE_TTL_SECONDS,
    });
  }
}
