import { generateKeyPairSync, X509Certificate } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Value } from 'typebox/value';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { checkInstallable, endsAtTrustedRoot, kitNames, parseCertificatePair, readEnrolment, readInstalledCertificate, renewalDue, servedName, syncDir, tlsFiles, writeAtomic, writeCertificatePair, writeEnrolment, type Enrolment } from '../device/device.certificate.ts';
import { CertificateAnswerSchema, isNameUnder, labelFor, type CertificateAnswer, type CertificateRequest } from './certificate-exchange.ts';
import type { KitClock } from '../device/kit-clock.ts';
import { acmeLibrary } from './acme-library.ts';
import { openTrusted } from './signed-envelope.ts';
import { parseEnrolmentToken } from '../../enrolment-token.ts';
import { keyIdOf, type KitKey } from './sync-keys.ts';

/*
 * A kit's enrolment with a hub that issues certificates (docs/HTTPS.md).
 * The kit makes its own private key (tls/request-key.pem, 0600: it never
 * leaves the kit), asks for its one name under the hub's domain with a
 * certificate request, and installs the chain that comes back only once it
 * checked it: signed by the hub it enrolled with (no other publisher it
 * trusts), its own key, the name that hub gave it, valid today, issued under
 * a public root (or KIT_ACME_CA_FILE's). Anything else is written down as the
 * last error and the certificate it had stays.
 */

export interface KitCertificatesContext {
  db: Db;
  dataDir: string;
  key: KitKey;
  /** KIT_HOSTNAME: the kit_name its label comes from */
  kitName: string;
  log: FastifyBaseLogger;
  /** serves a newly installed certificate (modules/device/https.plugin.ts reloadHttps) */
  onCertificateInstalled: () => Promise<void>;
  /** KIT_ACME_CA_FILE: roots a chain may end at besides the public ones (a private or test CA); null: the public ones only */
  acmeCaFile: string | null;
  /** the kit's clock: the hub's signed times and its certificates' start dates move it forward (modules/device/kit-clock.ts) */
  clock: Pick<KitClock, 'now' | 'raise'>;
  /** KIT_SYNC_ENROLMENT_TOKEN: its domain is the one the kit's name will be under, before the hub says so (docs/SYNC.md) */
  enrolmentToken?: string | null;
}

interface PendingRequest {
  name: string;
  csr: string;
}

const requestFiles = (dataDir: string) => {
  const { dir } = tlsFiles(dataDir);
  return { key: path.join(dir, 'request-key.pem'), request: path.join(dir, 'request.json') };
};

async function readPending(dataDir: string): Promise<{ request: PendingRequest; keyPem: string } | null> {
  const files = requestFiles(dataDir);
  try {
    const request = JSON.parse(await fs.readFile(files.request, 'utf8')) as PendingRequest;
    return { request, keyPem: await fs.readFile(files.key, 'utf8') };
  } catch {
    return null;
  }
}

async function dropPending(dataDir: string): Promise<void> {
  const files = requestFiles(dataDir);
  await fs.rm(files.request, { force: true });
  await fs.rm(files.key, { force: true });
}

/** The key first, then the request naming it: a request file never points at a key that is not on disk. */
async function makePending(dataDir: string, name: string): Promise<PendingRequest> {
  const files = requestFiles(dataDir);
  const { dir } = tlsFiles(dataDir);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  const keyPem = generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey.export({ type: 'pkcs8', format: 'pem' }).toString();
  const [, csr] = await (await acmeLibrary()).crypto.createCsr({ commonName: name, altNames: [name] }, keyPem);
  const request: PendingRequest = { name, csr: csr.toString() };
  await writeAtomic(files.key, keyPem, 0o600);
  await writeAtomic(files.request, JSON.stringify(request), 0o600);
  await syncDir(dir);
  return request;
}

/**
 * Whether the kit should ask: no usable certificate for one of its names,
 * or a third of its life (or less) left. At every sync until it has one.
 */
export async function wantsCertificate(ctx: Pick<KitCertificatesContext, 'dataDir' | 'kitName'>, now = Date.now()): Promise<boolean> {
  const installed = await readInstalledCertificate(ctx.dataDir);
  if (installed.state !== 'ok') return true;
  const leaf = installed.pair.chain[0]!;
  if (servedName(leaf, kitNames(ctx.dataDir, ctx.kitName)) === null) return true;
  return now < leaf.validFromDate.getTime() || now >= renewalDue(leaf.validFromDate.getTime(), leaf.validToDate.getTime());
}

/**
 * What the kit sends with its report (or in a pack it exports), or null when
 * it needs no certificate. Before the hub gave it a name it sends only its
 * label; then a request for that name, the same bytes until it is answered.
 */
export async function certificateRequest(ctx: KitCertificatesContext): Promise<CertificateRequest | null> {
  if (!(await wantsCertificate(ctx, ctx.clock.now()))) return null;
  const enrolment = readEnrolment(ctx.dataDir);
  const domain = enrolment?.domain ?? (ctx.enrolmentToken ? (parseEnrolmentToken(ctx.enrolmentToken)?.domain ?? null) : null);
  const label = labelFor(ctx.kitName, domain);
  // A kit with a token knows its hub's domain: it asks at once for the name the hub gives a free label, saving a round trip.
  const name = enrolment?.name ?? (ctx.enrolmentToken && domain !== null ? `${label}.${domain}` : null);
  if (name === null) return { label, csr: null };
  const request = await pendingFor(ctx.dataDir, name);
  return { label, csr: request.csr };
}

/** The request files' readers and writers, one after the other per data dir (a sync, phones asking what to carry). */
const requestQueues = new Map<string, Promise<unknown>>();

/** The pending request for NAME, made once: a second key written meanwhile would not match the request on disk. */
function pendingFor(dataDir: string, name: string): Promise<PendingRequest> {
  const next = (requestQueues.get(dataDir) ?? Promise.resolve())
    .catch(() => undefined)
    .then(async () => {
      const pending = await readPending(dataDir);
      return pending?.request.name === name ? pending.request : makePending(dataDir, name);
    });
  requestQueues.set(dataDir, next);
  void next.catch(() => undefined).finally(() => requestQueues.get(dataDir) === next && requestQueues.delete(dataDir));
  return next;
}

/**
 * What a refused answer does: 'record' keeps it as the kit's last error (an
 * answer from the hub's own address or an admin's pack: the sync or import
 * went fine, the admin sees why the certificate did not change); 'refuse'
 * throws it and writes nothing (an answer a phone brought, courier.ts:
 * anyone can post one, and a late one may well be out of date).
 */
export type OnRefusal = 'record' | 'refuse';

/**
 * The hub's answer in its report answer: applied only when signed by a
 * trusted publisher (the hub) and well formed; otherwise CERT_ANSWER_INVALID,
 * as ON_REFUSAL says.
 */
export async function applyAnswerEnvelope(ctx: KitCertificatesContext, envelope: unknown, onRefusal: OnRefusal = 'record'): Promise<'again' | 'done'> {
  const opened = openTrusted(ctx.db, ctx.key, envelope);
  if (opened && Value.Check(CertificateAnswerSchema, opened.value)) return applyAnswer(ctx, opened.value, keyIdOf(opened.signature.publicKey), onRefusal);
  const error = new AppError('CERT_ANSWER_INVALID');
  if (onRefusal === 'refuse') throw error;
  const before = readEnrolment(ctx.dataDir);
  ctx.log.warn('certificados: respuesta del centro sin firma de confianza; sigue el certificado anterior');
  await writeEnrolment(ctx.dataDir, { ...unchanged(before), lastError: { code: error.code, message: error.message, at: new Date().toISOString() } });
  return 'done';
}

/** The enrolment as it was (or an empty one), for an answer that changes nothing but the last error. */
const unchanged = (before: Enrolment | null): Enrolment => ({
  name: before?.name ?? null,
  domain: before?.domain ?? null,
  hubKeyId: before?.hubKeyId ?? null,
  state: before?.state ?? null,
  requestedAt: before?.requestedAt ?? null,
  answeredAt: before?.answeredAt ?? null,
  lastError: null,
});

/**
 * Whether an answer signed by SIGNER may speak for this kit's enrolment: it
 * is the hub the kit enrolled with (the first trusted signer that gave it a
 * name, by report or pack; a kit enrolled before the hub's key was kept
 * takes the first that answers for the name it has), and the name is one
 * label under the answer's domain, the kit's own unless that hub gives it
 * a name now. Any other publisher the kit trusts can sign packs, not answers.
 */
function speaksForEnrolment(before: Enrolment | null, answer: CertificateAnswer, signer: string): boolean {
  if (!isNameUnder(answer.name, answer.domain)) return false;
  const hub = before?.hubKeyId ?? null;
  if (hub === null) return !before?.name || (answer.name === before.name && answer.domain === before.domain);
  // A kit enrolled by token has its hub before its name: the first name comes from that hub, under the token's domain.
  const firstName = !before?.name && answer.domain === before?.domain;
  return signer === hub && (answer.state === 'name-needed' || answer.name === before?.name || firstName);
}

/**
 * Applies the hub's answer for this kit, signed by SIGNER (a key id computed
 * from a trusted, verified key; never one the answer claims). 'again': the
 * hub gave the kit its name, so a request for it can go at once. An answer
 * from another signer, a refusal or a bad chain is kept as the last error
 * (or thrown, ON_REFUSAL).
 */
export async function applyAnswer(ctx: KitCertificatesContext, answer: CertificateAnswer, signer: string, onRefusal: OnRefusal = 'record'): Promise<'again' | 'done'> {
  const before = readEnrolment(ctx.dataDir);
  const at = new Date().toISOString();
  const enrolment: Enrolment = {
    name: answer.name,
    domain: answer.domain,
    hubKeyId: before?.hubKeyId ?? signer,
    state: answer.state,
    requestedAt: before?.requestedAt ?? null,
    answeredAt: at,
    lastError: null,
  };
  let result: 'again' | 'done' = 'done';
  try {
    if (answer.kitKeyId !== ctx.key.keyId) throw new AppError('CERT_ANSWER_INVALID', { kitKeyId: answer.kitKeyId });
    if (!speaksForEnrolment(before, answer, signer)) throw new AppError('CERT_ANSWER_INVALID', { signer, name: answer.name });
    // The hub signed when it made this answer: a lower bound of the present, even when a phone carried it for days.
    const signedAt = Date.parse(answer.at);
    if (Number.isFinite(signedAt)) await ctx.clock.raise('hub', new Date(signedAt), false);
    if (answer.state === 'name-needed') {
      // The request goes out again for the name the hub gave (the caller asks at most twice per sync).
      const pending = await readPending(ctx.dataDir);
      if (pending && pending.request.name !== answer.name) await dropPending(ctx.dataDir);
      result = 'again';
    } else if (answer.state === 'failed') {
      enrolment.lastError = { code: answer.error?.code ?? 'CERT_ACME_FAILED', message: answer.error?.message ?? 'El centro no pudo emitir el certificado', at };
    } else if (answer.state === 'issued' && answer.chain !== null) {
      // The name first: serving the new certificate reads the kit's names from it (a kit enrolled by token learns its name with its chain).
      if (before?.name !== answer.name) await writeEnrolment(ctx.dataDir, enrolment);
      await install(ctx, answer.chain);
    }
  } catch (error) {
    if (!(error instanceof AppError)) throw error;
    ctx.log.warn({ code: error.code, message: error.message, signer }, 'certificados: respuesta del centro rechazada; sigue el certificado anterior');
    if (onRefusal === 'refuse') throw error;
    enrolment.state = before?.state ?? null;
    if (error.code === 'CERT_ANSWER_INVALID') Object.assign(enrolment, { name: before?.name ?? null, domain: before?.domain ?? null, hubKeyId: before?.hubKeyId ?? null });
    const message = error.code === 'CERT_ANSWER_INVALID' ? error.message : `El certificado recibido del centro no se instaló: ${error.message}. Se conserva el certificado anterior`;
    enrolment.lastError = { code: error.code, message, at };
  }
  await writeEnrolment(ctx.dataDir, enrolment);
  return result;
}

/** Remembers that a request went out now (shown on /admin/device). */
export async function noteRequestSent(ctx: Pick<KitCertificatesContext, 'dataDir'>): Promise<void> {
  const before = readEnrolment(ctx.dataDir);
  if (before) await writeEnrolment(ctx.dataDir, { ...before, requestedAt: new Date().toISOString() });
}

/** Checks the chain against the kit's pending request (its key, its name) and today's date, then installs and serves it. */
async function install(ctx: KitCertificatesContext, chain: string): Promise<void> {
  let fingerprint: string;
  try {
    fingerprint = new X509Certificate(chain).fingerprint256;
  } catch {
    throw new AppError('CERT_INVALID');
  }
  const installed = await readInstalledCertificate(ctx.dataDir);
  // The same answer again (a missed exchange, a pack after the network): nothing to do.
  if (installed.state === 'ok' && installed.pair.chain[0]!.fingerprint256 === fingerprint) return;
  const pending = await readPending(ctx.dataDir);
  if (!pending) throw new AppError('CERT_KEY_MISMATCH', null, 'este kit no tiene pendiente ninguna solicitud con esa clave');
  let pair;
  try {
    pair = parseCertificatePair(chain, pending.keyPem);
  } catch (error) {
    if (error instanceof AppError && error.code === 'CERT_KEY_MISMATCH') throw new AppError('CERT_KEY_MISMATCH', null, 'es para otra clave, no la que este kit generó (¿el certificado de otro kit?)');
    throw error;
  }
  if (!endsAtTrustedRoot(pair.chain, ctx.acmeCaFile)) throw new AppError('CERT_CHAIN_UNTRUSTED');
  // A chain from the kit's hub, for its own key, under a trusted root, was issued before now: a clock behind
  // that (a Pi after a power cut) moves forward first, so only a really expired chain is CERT_EXPIRED.
  await ctx.clock.raise('certificate', pair.chain[0]!.validFromDate, false);
  const info = checkInstallable(pair, pending.request.name, ctx.acmeCaFile, ctx.clock.now());
  await writeCertificatePair(ctx.dataDir, pair);
  await dropPending(ctx.dataDir);
  ctx.log.info({ names: info.names, validTo: info.validTo }, 'certificados: certificado del centro instalado');
  await ctx.onCertificateInstalled();
}
