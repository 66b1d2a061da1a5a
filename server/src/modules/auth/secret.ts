import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/**
 * The token signing key: 256 random bits made on the first start, kept in the
 * data dir readable by the service user only. Losing it only logs everyone out.
 */
export function loadOrCreateSecret(dataDir: string): Buffer {
  const dir = path.join(dataDir, 'secrets');
  const file = path.join(dir, 'jwt.key');
  fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    return fs.readFileSync(file);
  } catch {
    const secret = randomBytes(32);
    // 'wx' so two processes starting at once never overwrite each other's key.
    try {
      fs.writeFileSync(file, secret, { mode: 0o600, flag: 'wx' });
      return secret;
    } catch {
      return fs.readFileSync(file);
    }
  }
}
