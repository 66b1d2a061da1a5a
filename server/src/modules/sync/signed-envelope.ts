import type { Db } from '../../db/connection.ts';
import { signBytes, verifyBytes, type KitKey, type Signature } from './sync-keys.ts';
import { isTrustedKey } from './sync.repo.ts';

/**
 * Small signed JSON documents (a hub's feed, a kit's report): the payload is
 * kept as the exact string that was signed, so one file is read, verified and
 * parsed with no canonical-JSON rules, and a half-replaced pair of files can
 * never be read as valid.
 */
export interface Envelope {
  payload: string;
  signature: Signature;
}

export function seal(key: KitKey, value: unknown): Envelope {
  const payload = JSON.stringify(value);
  return { payload, signature: signBytes(key, Buffer.from(payload, 'utf8')) };
}

/** The payload, parsed, if the envelope is signed by this kit or a trusted publisher; null otherwise. */
export function openTrusted(db: Db, own: KitKey, value: unknown): { value: unknown; signature: Signature } | null {
  const envelope = value as Partial<Envelope> | null;
  const sig = envelope?.signature;
  if (typeof envelope?.payload !== 'string' || typeof sig?.publicKey !== 'string' || typeof sig.signature !== 'string' || typeof sig.keyId !== 'string') return null;
  if (!verifyBytes(Buffer.from(envelope.payload, 'utf8'), sig)) return null;
  if (sig.publicKey !== own.publicKey && !isTrustedKey(db, sig.publicKey)) return null;
  try {
    return { value: JSON.parse(envelope.payload) as unknown, signature: sig };
  } catch {
    return null;
  }
}
