import { createHash, createHmac, randomBytes } from 'node:crypto';
import { sameText } from './same-text.ts';

/*
 * The text of an enrolment token (docs/SYNC.md, "Enrolment tokens"): what a
 * technician copies from the hub's /admin/sync to a kit's first-boot file.
 * `kp1.<domain>.<hubKeyId>.<secret>`, or `kp1.<hubKeyId>.<secret>` from a hub
 * that issues no certificates: besides the secret, the kit learns the
 * domain its name will be under and which key its hub signs with, so it
 * trusts the hub's key without anyone copying it.
 */
const PREFIX = 'kp1';
const KEY_ID = /^[0-9a-f]{16}$/;
const SECRET = /^[A-Za-z0-9_-]{43}$/;
const DOMAIN = /^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$/;

export interface ParsedToken {
  /** KIT_ACME_DOMAIN of the hub; null: the hub issues no certificates */
  domain: string | null;
  hubKeyId: string;
  secret: string;
}

/** A new secret: 32 random bytes, base64url (no dots, so the text splits cleanly). */
export const newSecret = (): string => randomBytes(32).toString('base64url');

/** What the hub keeps of a secret. */
export const secretDigest = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

export const tokenText = (t: ParsedToken): string => [PREFIX, ...(t.domain ? [t.domain] : []), t.hubKeyId, t.secret].join('.');

/** The token in TEXT (spaces around it ignored), or null when it is not one. */
export function parseEnrolmentToken(text: string): ParsedToken | null {
  const parts = text.trim().split('.');
  if (parts.length < 3 || parts[0] !== PREFIX) return null;
  const secret = parts.at(-1)!;
  const hubKeyId = parts.at(-2)!;
  const domain = parts.slice(1, -2).join('.');
  if (!SECRET.test(secret) || !KEY_ID.test(hubKeyId) || (domain !== '' && (!DOMAIN.test(domain) || domain.length > 200))) return null;
  return { domain: domain || null, hubKeyId, secret };
}

/**
 * The hub's proof that it knows the token's secret, over its public key and
 * the kit it answers: an HMAC-SHA256 keyed with the secret. Together with the
 * key id in the token, the kit can trust the key it was sent over plain HTTP.
 */
export function enrolmentProof(secret: string, hubPublicKey: string, kitKeyId: string): string {
  return createHmac('sha256', secret).update(`kit-portal-enrolment\n${hubPublicKey}\n${kitKeyId}`, 'utf8').digest('base64');
}

export function proofMatches(secret: string, hubPublicKey: string, kitKeyId: string, proof: string): boolean {
  return sameText(proof, enrolmentProof(secret, hubPublicKey, kitKeyId));
}
