import { createHash, createPrivateKey, createPublicKey, generateKeyPairSync, sign, verify, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The kit's ed25519 key pair, made at first start like the JWT key
 * (<data>/secrets/sync-ed25519.pem, 0600). Packs, feeds and reports it
 * writes are signed with it; other kits trust it by its public key.
 */
export interface KitKey {
  privateKey: KeyObject;
  /** SPKI DER, base64: how a public key is written in packs and pasted by admins */
  publicKey: string;
  keyId: string;
}

/** A short, stable name for a public key: the first 16 hex digits of its SHA-256. */
export function keyIdOf(publicKeyBase64: string): string {
  return createHash('sha256').update(Buffer.from(publicKeyBase64, 'base64')).digest('hex').slice(0, 16);
}

export function loadOrCreateKitKey(dataDir: string): KitKey {
  const file = path.join(dataDir, 'secrets', 'sync-ed25519.pem');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const { privateKey } = generateKeyPairSync('ed25519');
    const tmp = `${file}.tmp`;
    fs.writeFileSync(tmp, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    fs.renameSync(tmp, file);
  }
  const privateKey = createPrivateKey(fs.readFileSync(file));
  const publicKey = createPublicKey(privateKey).export({ type: 'spki', format: 'der' }).toString('base64');
  return { privateKey, publicKey, keyId: keyIdOf(publicKey) };
}

/** An ed25519 public key as admins paste it (base64 SPKI), or null if it is not one. */
export function parsePublicKey(text: string): string | null {
  try {
    const key = createPublicKey({ key: Buffer.from(text.trim(), 'base64'), format: 'der', type: 'spki' });
    if (key.asymmetricKeyType !== 'ed25519') return null;
    return key.export({ type: 'spki', format: 'der' }).toString('base64');
  } catch {
    return null;
  }
}

export interface Signature {
  keyId: string;
  publicKey: string;
  signature: string;
}

export function signBytes(key: KitKey, data: Buffer): Signature {
  return { keyId: key.keyId, publicKey: key.publicKey, signature: sign(null, data, key.privateKey).toString('base64') };
}

/** True when `signature` was made over `data` by the private half of `publicKey`. */
export function verifyBytes(data: Buffer, sig: Signature): boolean {
  const publicKey = parsePublicKey(sig.publicKey);
  if (!publicKey) return false;
  try {
    const key = createPublicKey({ key: Buffer.from(publicKey, 'base64'), format: 'der', type: 'spki' });
    return verify(null, data, key, Buffer.from(sig.signature, 'base64'));
  } catch {
    return false;
  }
}
