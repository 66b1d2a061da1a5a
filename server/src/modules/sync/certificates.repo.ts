import type { Db } from '../../db/connection.ts';
import type { AnswerState } from './certificate-exchange.ts';

/** SQL of the certificates a hub obtains for its kits (hub_certificates, one row per kit). */

export interface DbHubCertificate {
  key_id: string;
  public_key: string;
  kit_name: string;
  name: string;
  state: AnswerState;
  csr: string | null;
  csr_sha256: string | null;
  chain: string | null;
  valid_from: string | null;
  valid_to: string | null;
  error_code: string | null;
  error_message: string | null;
  error_detail: string | null;
  attempted_at: string | null;
  issued_at: string | null;
  updated_at: string;
}

const NOW = "strftime('%Y-%m-%dT%H:%M:%fZ', 'now')";

export function certificateOfKit(db: Db, keyId: string): DbHubCertificate | undefined {
  return db.prepare('SELECT * FROM hub_certificates WHERE key_id = ?').get(keyId) as DbHubCertificate | undefined;
}

export function certificateByName(db: Db, name: string): DbHubCertificate | undefined {
  return db.prepare('SELECT * FROM hub_certificates WHERE name = ?').get(name) as DbHubCertificate | undefined;
}

export function allKitCertificates(db: Db): DbHubCertificate[] {
  return db.prepare('SELECT * FROM hub_certificates ORDER BY name').all() as DbHubCertificate[];
}

/** Binds NAME to the kit for good; false when another kit holds it (the UNIQUE name decides, even between two requests at once). */
export function bindName(db: Db, kit: { keyId: string; publicKey: string; kitName: string }, name: string): boolean {
  return (
    db
      .prepare(`INSERT INTO hub_certificates (key_id, public_key, kit_name, name, state) VALUES (?, ?, ?, ?, 'name-needed') ON CONFLICT DO NOTHING`)
      .run(kit.keyId, kit.publicKey, kit.kitName, name).changes > 0
  );
}

/**
 * Moves the kit to NAME, to be asked for anew; false when another kit holds
 * it. The certificate issued before stays in `chain` for the records.
 */
export function rebindName(db: Db, keyId: string, name: string): boolean {
  return (
    db
      .prepare(`UPDATE OR IGNORE hub_certificates SET name = ?, state = 'name-needed', csr = NULL, csr_sha256 = NULL, updated_at = ${NOW} WHERE key_id = ?`)
      .run(name, keyId).changes > 0
  );
}

export function recordRequest(db: Db, keyId: string, kitName: string, csr: string, csrSha256: string): void {
  db.prepare(
    `UPDATE hub_certificates SET kit_name = ?, csr = ?, csr_sha256 = ?, state = 'pending', error_code = NULL, error_message = NULL,
       error_detail = NULL, updated_at = ${NOW} WHERE key_id = ?`,
  ).run(kitName, csr, csrSha256, keyId);
}

/** An order starts AT (the server's clock, as the pace of orders is measured: certificates-hub.ts). */
export function markAttempt(db: Db, keyId: string, at: string): void {
  db.prepare(`UPDATE hub_certificates SET state = 'pending', attempted_at = ?, updated_at = ${NOW} WHERE key_id = ?`).run(at, keyId);
}

export function recordIssued(db: Db, keyId: string, csrSha256: string, c: { chain: string; validFrom: string; validTo: string; at: string }): void {
  db.prepare(
    `UPDATE hub_certificates SET state = 'issued', chain = ?, valid_from = ?, valid_to = ?, issued_at = ?, error_code = NULL,
       error_message = NULL, error_detail = NULL, updated_at = ${NOW} WHERE key_id = ? AND csr_sha256 = ?`,
  ).run(c.chain, c.validFrom, c.validTo, c.at, keyId, csrSha256);
}

/** A refused request or a failed order; the certificate issued before (if any) stays in `chain` for the records. */
export function recordFailure(db: Db, keyId: string, e: { code: string; message: string; detail: string }): void {
  db.prepare(
    `UPDATE hub_certificates SET state = 'failed', error_code = ?, error_message = ?, error_detail = ?, updated_at = ${NOW} WHERE key_id = ?`,
  ).run(e.code, e.message, e.detail, keyId);
}
