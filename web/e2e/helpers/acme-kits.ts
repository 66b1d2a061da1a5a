import { execFileSync } from 'node:child_process';
import { createHash, X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import tls from 'node:tls';
import { expect } from '@playwright/test';
import Database from 'better-sqlite3';
import type { RunningServer } from './server.ts';

/*
 * What the certificate journeys share (docs/HTTPS.md, "Certificates from the
 * hub"): admin calls to a hub or kit started by startServer, the trust between
 * their keys, and what a phone sees of the certificates served.
 */

export async function adminToken(server: RunningServer): Promise<string> {
  const res = await fetch(`${server.baseUrl}/api/auth`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user_name: 'admin', password: server.adminPassword }) });
  return ((await res.json()) as { token: string }).token;
}

export const authHeaders = (token: string) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

/** TARGET trusts SOURCE's signing key (docs/SYNC.md), as an admin adds it on /admin/sync. */
export async function trust(target: RunningServer, targetToken: string, source: RunningServer, sourceToken: string): Promise<void> {
  const { kit } = (await (await fetch(`${source.baseUrl}/api/v2/admin/sync/status`, { headers: authHeaders(sourceToken) })).json()) as { kit: { publicKey: string } };
  const res = await fetch(`${target.baseUrl}/api/v2/admin/sync/keys`, { method: 'POST', headers: authHeaders(targetToken), body: JSON.stringify({ publicKey: kit.publicKey, label: 'Prueba' }) });
  expect(res.status).toBe(201);
}

/** base64 SHA-256 of a certificate's SubjectPublicKeyInfo: what chromium's --ignore-certificate-errors-spki-list takes. */
export const spkiHash = (pem: string) => createHash('sha256').update(new X509Certificate(pem).publicKey.export({ type: 'spki', format: 'der' })).digest('base64');

/** A self-signed certificate for NAME in a folder laid out like a server's `tls/` (cert.pem, key.pem). */
export function selfSignedTls(name: string): { dir: string; cert: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'kit-e2e-tls-'));
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2', '-keyout', path.join(dir, 'key.pem'), '-out', path.join(dir, 'cert.pem'), '-subj', `/CN=${name}`, '-addext', `subjectAltName=DNS:${name}`],
    { stdio: 'pipe' },
  );
  return { dir, cert: readFileSync(path.join(dir, 'cert.pem'), 'utf8') };
}

/** The certificate a phone asking for NAME gets from the HTTPS listener on PORT (not verified: the caller checks it). */
export function servedCertificate(port: number, name: string): Promise<X509Certificate> {
  return new Promise((resolve, reject) => {
    const socket = tls.connect({ host: '127.0.0.1', port, servername: name, rejectUnauthorized: false }, () => {
      const peer = socket.getPeerX509Certificate();
      socket.end();
      if (peer) resolve(peer);
      else reject(new Error('no certificate served'));
    });
    socket.once('error', reject);
  });
}

/**
 * The hub's orders for its kits made AGO_MS earlier: it orders a kit's
 * certificate at most once a day (docs/HTTPS.md, "The pace of orders"), and
 * its clock stays right (its signed time moves its kits' clocks).
 */
export function ageHubOrders(hub: RunningServer, agoMs: number): void {
  const db = new Database(path.join(hub.dataDir, 'portal.db'));
  try {
    db.pragma('busy_timeout = 5000');
    const earlier = (column: string) => `${column} = strftime('%Y-%m-%dT%H:%M:%fZ', ${column}, '-${Math.round(agoMs / 1000)} seconds')`;
    db.prepare(`UPDATE hub_certificates SET ${earlier('attempted_at')}, ${earlier('issued_at')}`).run();
  } finally {
    db.close();
  }
}
