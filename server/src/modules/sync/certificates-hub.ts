import { createHash, X509Certificate } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { AcmeConfig } from '../../config.ts';
import type { Db } from '../../db/connection.ts';
import { AppError, ERRORS, type ErrorCode } from '../../errors.ts';
import { acmeLibrary, type AcmeLibrary } from './acme-library.ts';
import { loadOrCreateAccountKey, orderCertificate } from './acme-order.ts';
import { isNameUnder, labelToBind, type CertificateAnswer, type CertificateRequest } from './certificate-exchange.ts';
import { allKitCertificates, bindName, certificateByName, certificateOfKit, markAttempt, rebindName, recordFailure, recordIssued, recordRequest, type DbHubCertificate } from './certificates.repo.ts';

/*
 * The hub's side of HTTPS for its kits (docs/HTTPS.md): a trusted kit asks
 * with its report (or a pack); the hub binds it ONE name under its domain,
 * never one another kit holds, and obtains the certificate from its ACME CA
 * with its own account, one order at a time, in the background. The answer
 * says where the kit stands; the chain goes back on the next exchange, or on
 * the same one when the CA is quick.
 */

declare module 'fastify' {
  interface FastifyInstance {
    /** this server as a hub that obtains HTTPS certificates for its kits; null without KIT_ACME_* */
    hubCertificates: HubCertificates | null;
  }
}

/**
 * The pace of orders per kit, whatever it sends (a replay, a new key at
 * every sync): one at a time, then after a failed order the next waits
 * RETRY_AFTER_MS (CAs limit failed validations), after a certificate was
 * issued MIN_ORDER_INTERVAL_MS. A CA's limits are the hub's, shared by all
 * its kits (docs/HTTPS.md, "The pace of orders").
 */
const RETRY_AFTER_MS = 10 * 60_000;
const MIN_ORDER_INTERVAL_MS = 24 * 3600_000;

/** When the kit's next order may start, after the pause its last order's outcome calls for. */
function nextOrderAt(row: DbHubCertificate): number {
  if (row.attempted_at === null) return 0;
  const attempted = Date.parse(row.attempted_at);
  const issued = row.issued_at !== null && Date.parse(row.issued_at) >= attempted;
  return attempted + (issued ? MIN_ORDER_INTERVAL_MS : RETRY_AFTER_MS);
}

export interface RequestingKit {
  keyId: string;
  publicKey: string;
  /** the kit_name it reports, for the admins' list */
  kitName: string;
}

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');

/** The kit's name: its label if free, else the label with its key's first digits (then all of them). */
function chooseName(db: Db, kit: RequestingKit, label: string, domain: string): string {
  const candidates = [label, `${label.slice(0, 56).replace(/-+$/, '')}-${kit.keyId.slice(0, 6)}`, `${label.slice(0, 46).replace(/-+$/, '')}-${kit.keyId}`];
  for (const candidate of candidates) {
    const name = `${candidate}.${domain}`;
    if (bindName(db, kit, name)) return name;
  }
  throw new AppError('CERT_NAME_TAKEN');
}

export class HubCertificates {
  readonly #db: Db;
  readonly #acme: AcmeConfig;
  readonly #accountKey: string;
  readonly #log: FastifyBaseLogger;
  /** the kits whose order runs or waits now, by key id */
  readonly #running = new Map<string, Promise<void>>();
  /** orders run one after the other: the hook and the CA see one challenge at a time */
  #queue: Promise<void> = Promise.resolve();

  constructor(db: Db, dataDir: string, config: AcmeConfig, log: FastifyBaseLogger) {
    this.#db = db;
    this.#acme = config;
    this.#accountKey = loadOrCreateAccountKey(dataDir);
    this.#log = log;
  }

  get domain(): string {
    return this.#acme.domain;
  }

  get directoryUrl(): string {
    return this.#acme.directoryUrl;
  }

  /**
   * A trusted kit's request. Refusals (not one name, a name outside the
   * domain or another kit's) are answers too: the kit shows them. Waits up
   * to `waitMs` for an order it starts, so a quick CA answers in the same
   * exchange.
   */
  async handle(kit: RequestingKit, request: CertificateRequest, waitMs: number): Promise<CertificateAnswer> {
    // Before anything is read: from here to the order the checks run without yielding.
    const acme = await acmeLibrary();
    const domain = this.#acme.domain;
    const ownName = kit.kitName.toLowerCase();
    let row = certificateOfKit(this.#db, kit.keyId);
    if (!row) {
      const name = chooseName(this.#db, kit, labelToBind(kit.kitName, request.label, domain), domain);
      this.#log.info({ keyId: kit.keyId, kit: kit.kitName, name }, 'certificados: nombre asignado a un kit');
      row = certificateOfKit(this.#db, kit.keyId) as DbHubCertificate;
    } else if (row.name !== ownName && isNameUnder(ownName, domain) && rebindName(this.#db, kit.keyId, ownName)) {
      // A kit bound under its flattened kit_name before the hub kept such names moves to its own while it is free (docs/HTTPS.md).
      this.#log.info({ keyId: kit.keyId, kit: kit.kitName, from: row.name, name: ownName }, 'certificados: kit movido al nombre de su kit_name');
      row = certificateOfKit(this.#db, kit.keyId) as DbHubCertificate;
    }
    if (request.csr === null) return this.#answer(row, 'name-needed');

    const requested = this.#namesOf(acme, request.csr);
    if (requested === null || requested.length !== 1) return this.#refuse(kit, 'CERT_REQUEST_INVALID', 'la solicitud no se pudo leer o pide más de un nombre');
    const [name] = requested as [string];
    const label = name.slice(0, -this.#acme.domain.length - 1);
    if (!name.endsWith(`.${this.#acme.domain}`) || label.includes('.') || label === '') {
      return this.#refuse(kit, 'CERT_NAME_OUTSIDE_DOMAIN', `pide ${name}, fuera de ${this.#acme.domain}`, `El centro solo emite certificados para nombres bajo ${this.#acme.domain}; este kit pidió ${name}`);
    }
    if (name !== row.name) {
      const holder = certificateByName(this.#db, name);
      if (holder) return this.#refuse(kit, 'CERT_NAME_TAKEN', `pide ${name}, que es del kit ${holder.kit_name} (${holder.key_id})`, `El nombre ${name} ya es de otro kit; el de este kit es ${row.name}`);
      // One name per kit: the one it has.
      return this.#answer(row, 'name-needed');
    }

    // Each request is ordered once: answered from the record while it stands, or while its order runs.
    const csrSha = sha256(request.csr);
    const same = row.csr_sha256 === csrSha;
    if (same && row.state === 'issued') return this.#answer(row);
    const running = this.#running.get(kit.keyId);
    if (running) return same ? this.#wait(kit.keyId, running, waitMs) : this.#answer(row, 'pending');
    // Not yet: the kit asks again at its next syncs (its request stays the same until answered).
    if (Date.now() < nextOrderAt(row)) return same ? this.#answer(row) : this.#answer(row, 'pending');
    // A new request (a renewal, a new key): the hub renews on request.
    if (!same) recordRequest(this.#db, kit.keyId, kit.kitName, request.csr, csrSha);
    return this.#wait(kit.keyId, this.#start(kit.keyId), waitMs);
  }

  /**
   * Where a request the hub handled before stands now (a report posted again,
   * as several phones carry the same one), from the record alone: it never
   * binds a name or starts an order. Null for a kit the hub has no record of.
   */
  recorded(kit: RequestingKit, request: CertificateRequest): CertificateAnswer | null {
    const row = certificateOfKit(this.#db, kit.keyId);
    if (!row) return null;
    if (request.csr === null) return this.#answer(row, 'name-needed');
    if (this.#running.has(kit.keyId)) return this.#answer(row, 'pending');
    // Another request than the one on record was refused (the record says why) or waits its turn.
    return row.csr_sha256 === sha256(request.csr) || row.state === 'failed' ? this.#answer(row) : this.#answer(row, 'pending');
  }

  /** The latest answer for every kit: what the hub's packs carry to kits that come by USB. */
  answers(): CertificateAnswer[] {
    return allKitCertificates(this.#db).map((row) => this.#answer(row));
  }

  /** The kits and their certificates, for /admin/sync. */
  list(): DbHubCertificate[] {
    return allKitCertificates(this.#db);
  }

  #namesOf(acme: AcmeLibrary, csr: string): string[] | null {
    try {
      const { commonName, altNames } = acme.crypto.readCsrDomains(csr);
      return [...new Set([commonName, ...altNames].filter((n): n is string => typeof n === 'string' && n !== '').map((n) => n.toLowerCase()))];
    } catch {
      return null;
    }
  }

  #refuse(kit: RequestingKit, code: ErrorCode, detail: string, message: string = ERRORS[code].message): CertificateAnswer {
    this.#log.warn({ keyId: kit.keyId, kit: kit.kitName, code, detail }, 'certificados: solicitud rechazada');
    recordFailure(this.#db, kit.keyId, { code, message, detail });
    return this.#answer(certificateOfKit(this.#db, kit.keyId) as DbHubCertificate);
  }

  #start(keyId: string): Promise<void> {
    const run = this.#queue.then(() => this.#order(keyId));
    this.#queue = run;
    const tracked = run.finally(() => this.#running.delete(keyId));
    this.#running.set(keyId, tracked);
    return tracked;
  }

  async #wait(keyId: string, running: Promise<void>, waitMs: number): Promise<CertificateAnswer> {
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([running, new Promise<void>((resolve) => (timer = setTimeout(resolve, waitMs)))]);
    clearTimeout(timer);
    return this.#answer(certificateOfKit(this.#db, keyId) as DbHubCertificate);
  }

  /** Never throws: the outcome is written to the kit's row. */
  async #order(keyId: string): Promise<void> {
    const row = certificateOfKit(this.#db, keyId);
    if (!row?.csr || !row.csr_sha256) return;
    const csrSha = row.csr_sha256;
    markAttempt(this.#db, keyId, new Date().toISOString());
    this.#log.info({ keyId, name: row.name }, 'certificados: pidiendo el certificado a la autoridad');
    try {
      const chain = await orderCertificate(this.#acme, this.#accountKey, row.csr, this.#log);
      const leaf = new X509Certificate(chain);
      if (leaf.checkHost(row.name) === undefined) throw new AppError('CERT_ACME_FAILED', null, `La autoridad devolvió un certificado que no es para ${row.name}`);
      recordIssued(this.#db, keyId, csrSha, { chain, validFrom: leaf.validFromDate.toISOString(), validTo: leaf.validToDate.toISOString(), at: new Date().toISOString() });
      this.#log.info({ keyId, name: row.name, validTo: leaf.validToDate.toISOString() }, 'certificados: certificado emitido');
    } catch (error) {
      const appError = error instanceof AppError ? error : new AppError('CERT_ACME_FAILED', null, `La autoridad de certificación no emitió el certificado: ${String(error)}`);
      this.#log.error({ keyId, name: row.name, code: appError.code, detail: appError.message }, 'certificados: no se emitió el certificado');
      // The kit gets the catalog's message; the CA's or the hook's own words stay on the hub.
      recordFailure(this.#db, keyId, { code: appError.code, message: ERRORS[appError.code].message, detail: appError.message });
    }
  }

  #answer(row: DbHubCertificate, state: CertificateAnswer['state'] = row.state): CertificateAnswer {
    return {
      format: 1,
      kitKeyId: row.key_id,
      domain: this.#acme.domain,
      name: row.name,
      state,
      chain: state === 'issued' ? row.chain : null,
      error: state === 'failed' && row.error_code ? { code: row.error_code, message: row.error_message ?? ERRORS.CERT_ACME_FAILED.message } : null,
      at: row.updated_at,
    };
  }
}
