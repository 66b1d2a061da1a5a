import { createPrivateKey, type KeyObject, X509Certificate } from 'node:crypto';
import { readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import tls from 'node:tls';
import type { CertificateInfo } from '@kit/contract';
import { AppError } from '../../errors.ts';

/**
 * The kit's HTTPS certificate: <KIT_DATA_DIR>/tls/cert.pem (the kit's
 * certificate, then its intermediates) and key.pem (0600). docs/HTTPS.md.
 */
export function tlsFiles(dataDir: string): { dir: string; cert: string; key: string } {
  const dir = path.join(dataDir, 'tls');
  return { dir, cert: path.join(dir, 'cert.pem'), key: path.join(dir, 'key.pem') };
}

export interface CertificatePair {
  /** the kit's certificate first, then its intermediates */
  chain: X509Certificate[];
  key: KeyObject;
  /** normalised PEM, as written to disk and given to the TLS server */
  certPem: string;
  keyPem: string;
}

const PEM_CERTIFICATE = /-----BEGIN CERTIFICATE-----\r?\n[\s\S]+?-----END CERTIFICATE-----/g;
const DAY_MS = 24 * 3600 * 1000;

/**
 * Parses a PEM certificate chain and a PEM private key and checks they belong
 * together: every block a certificate, each one issued by the next, the key
 * unencrypted and the kit certificate's own, and usable by Node's TLS.
 */
export function parseCertificatePair(certText: string, keyText: string): CertificatePair {
  const blocks = certText.match(PEM_CERTIFICATE) ?? [];
  if (blocks.length === 0) throw new AppError('CERT_INVALID', { field: 'body.cert' });
  let chain: X509Certificate[];
  try {
    chain = blocks.map((block) => new X509Certificate(block));
  } catch {
    throw new AppError('CERT_INVALID', { field: 'body.cert' });
  }
  for (let i = 0; i + 1 < chain.length; i++) {
    if (!chain[i]!.checkIssued(chain[i + 1]!)) {
      throw new AppError('CERT_INVALID', { field: 'body.cert' }, 'Los certificados no están en orden: primero el del kit, después los intermedios');
    }
  }

  if (!/-----BEGIN [A-Z ]*PRIVATE KEY-----/.test(keyText) || /ENCRYPTED/.test(keyText)) throw new AppError('CERT_KEY_INVALID', { field: 'body.key' });
  let key: KeyObject;
  try {
    key = createPrivateKey({ key: keyText, format: 'pem' });
  } catch {
    throw new AppError('CERT_KEY_INVALID', { field: 'body.key' });
  }
  const leaf = chain[0]!;
  if (!leaf.checkPrivateKey(key)) throw new AppError('CERT_KEY_MISMATCH', { field: 'body.key' });

  const certPem = chain.map((c) => c.toString().trim()).join('\n') + '\n';
  const keyPem = key.export({ format: 'pem', type: 'pkcs8' }).toString();
  try {
    tls.createSecureContext({ cert: certPem, key: keyPem });
  } catch {
    throw new AppError('CERT_INVALID', { field: 'body.cert' }, 'El certificado no se puede usar para HTTPS');
  }
  return { chain, key, certPem, keyPem };
}

/** DNS names of the certificate (subjectAltName), or its subject's CN when it lists none. */
function namesOf(cert: X509Certificate): string[] {
  const alt = (cert.subjectAltName ?? '')
    .split(', ')
    .filter((entry) => entry.startsWith('DNS:'))
    .map((entry) => entry.slice(4));
  if (alt.length > 0) return alt;
  const cn = /^CN=(.*)$/m.exec(cert.subject)?.[1];
  return cn ? [cn] : [];
}

function isSelfSigned(cert: X509Certificate): boolean {
  try {
    return cert.checkIssued(cert) && cert.verify(cert.publicKey);
  } catch {
    return false;
  }
}

/** The kit's names a certificate may be for: KIT_HOSTNAME and, once a hub gave it one, its name under the hub's domain. */
export type KitNames = string | readonly string[];
const namesList = (names: KitNames): readonly string[] => (typeof names === 'string' ? [names] : names);

/** The first of the kit's names the certificate covers, or null. */
export function servedName(cert: X509Certificate, names: KitNames): string | null {
  return namesList(names).find((name) => cert.checkHost(name) !== undefined) ?? null;
}

/**
 * When a certificate should be renewed: once a third of its life is left
 * (Let's Encrypt's advice; it leaves time for syncs that fail or come late).
 */
export function renewalDue(validFrom: number, validTo: number): number {
  return validTo - Math.floor((validTo - validFrom) / 3);
}

/**
 * Whether the chain (in order, each certificate issued by the next: parsed
 * so already) is signed all the way up to a root phones trust: Node's public
 * roots, or KIT_ACME_CA_FILE's (the hub's CA). Every certificate above the
 * kit's must be a CA; a self-signed certificate or a chain from a CA of the
 * group's own ends nowhere the phones know.
 */
export function endsAtTrustedRoot(chain: readonly X509Certificate[], caFile: string | null): boolean {
  for (let i = 0; i + 1 < chain.length; i++) if (!chain[i + 1]!.ca || !chain[i]!.verify(chain[i + 1]!.publicKey)) return false;
  const top = chain.at(-1)!;
  return trustedRoots(caFile).some((root) => root.fingerprint256 === top.fingerprint256 || (root.ca && top.checkIssued(root) && top.verify(root.publicKey)));
}

function trustedRoots(caFile: string | null): X509Certificate[] {
  const extra = caFile === null ? [] : (readFileSync(caFile, 'utf8').match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? []);
  return [...tls.rootCertificates, ...extra].map((pem) => new X509Certificate(pem));
}

/** What /admin/device and the redirect need to know of a chain (the kit's certificate first); `caFile`: KIT_ACME_CA_FILE. */
export function certificateInfo(chain: readonly X509Certificate[], names: KitNames, caFile: string | null, now = Date.now()): CertificateInfo {
  const cert = chain[0]!;
  const from = cert.validFromDate.getTime();
  const to = cert.validToDate.getTime();
  return {
    subject: cert.subject.replaceAll('\n', ', '),
    issuer: cert.issuer.replaceAll('\n', ', '),
    names: namesOf(cert),
    validFrom: new Date(from).toISOString(),
    validTo: new Date(to).toISOString(),
    daysLeft: Math.floor((to - now) / DAY_MS),
    expired: now < from || now > to,
    selfSigned: isSelfSigned(cert),
    phonesTrust: endsAtTrustedRoot(chain, caFile),
    matchesHostname: servedName(cert, names) !== null,
    fingerprint256: cert.fingerprint256,
    renewalDueAt: new Date(renewalDue(from, to)).toISOString(),
  };
}

/** What an install must also satisfy: valid now and for one of the kit's names (else every phone would get a certificate error). */
export function checkInstallable(pair: CertificatePair, names: KitNames, caFile: string | null, now = Date.now()): CertificateInfo {
  const info = certificateInfo(pair.chain, names, caFile, now);
  if (info.expired) throw new AppError('CERT_EXPIRED', { field: 'body.cert', validFrom: info.validFrom, validTo: info.validTo });
  if (!info.matchesHostname) {
    const hostname = namesList(names).join(' o ');
    throw new AppError('CERT_HOSTNAME_MISMATCH', { field: 'body.cert', hostname, names: info.names }, `El certificado no es para el nombre de red del kit (${hostname}); es para: ${info.names.join(', ') || 'ningún nombre'}`);
  }
  return info;
}

/** Writes FILE through a temporary file, fsynced, renamed over it; then fsyncs the folder (a power cut leaves the old or the new file). */
export async function writeAtomic(file: string, data: string, mode: number): Promise<void> {
  const tmp = `${file}.tmp-${process.pid}`;
  const handle = await fs.open(tmp, 'w', mode);
  try {
    await handle.writeFile(data);
    await handle.chmod(mode);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await fs.rename(tmp, file);
}

export async function syncDir(dir: string): Promise<void> {
  const handle = await fs.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Installs a checked pair: key (0600) first, then the certificate. The caller
 * then calls reloadHttps() (https.plugin.ts), which serves it within the second.
 */
export async function writeCertificatePair(dataDir: string, pair: CertificatePair): Promise<void> {
  const files = tlsFiles(dataDir);
  await fs.mkdir(files.dir, { recursive: true, mode: 0o700 });
  await fs.chmod(files.dir, 0o700);
  await writeAtomic(files.key, pair.keyPem, 0o600);
  await writeAtomic(files.cert, pair.certPem, 0o644);
  await syncDir(files.dir);
}

export type InstalledCertificate =
  | { state: 'none' }
  | { state: 'invalid'; reason: string }
  | { state: 'ok'; pair: CertificatePair };

/** The installed pair, checked as an install would check it (but an expired or other-name one is still returned). */
export async function readInstalledCertificate(dataDir: string): Promise<InstalledCertificate> {
  const files = tlsFiles(dataDir);
  let certText: string;
  let keyText: string;
  try {
    certText = await fs.readFile(files.cert, 'utf8');
  } catch {
    return { state: 'none' };
  }
  try {
    keyText = await fs.readFile(files.key, 'utf8');
  } catch (error) {
    return { state: 'invalid', reason: `sin clave: ${(error as NodeJS.ErrnoException).code ?? 'error'}` };
  }
  try {
    return { state: 'ok', pair: parseCertificatePair(certText, keyText) };
  } catch (error) {
    return { state: 'invalid', reason: error instanceof AppError ? error.code : String(error) };
  }
}

/**
 * What a kit knows of its enrolment with a hub that issues certificates
 * (modules/sync/certificates-kit.ts writes it): kept beside the certificate,
 * since the name it holds is one of the kit's names for HTTPS.
 */
export interface Enrolment {
  /** the kit's name under the hub's domain, bound to this kit by the hub */
  name: string | null;
  domain: string | null;
  /** the key id of the hub this kit enrolled with: the only signer whose answers it applies (absent in files from before it was kept) */
  hubKeyId?: string | null;
  /** the hub's latest answer: name-needed, pending, issued, failed */
  state: string | null;
  /** when this kit last sent a certificate request, and when the hub last answered */
  requestedAt: string | null;
  answeredAt: string | null;
  /** why the latest request or answer did not give the kit a certificate (Spanish, for admins) */
  lastError: { code: string; message: string; at: string } | null;
}

export const enrolmentFile = (dataDir: string): string => path.join(tlsFiles(dataDir).dir, 'enrolment.json');

export function readEnrolment(dataDir: string): Enrolment | null {
  try {
    return JSON.parse(readFileSync(enrolmentFile(dataDir), 'utf8')) as Enrolment;
  } catch {
    return null;
  }
}

export async function writeEnrolment(dataDir: string, enrolment: Enrolment): Promise<void> {
  const { dir } = tlsFiles(dataDir);
  await fs.mkdir(dir, { recursive: true, mode: 0o700 });
  await writeAtomic(enrolmentFile(dataDir), `${JSON.stringify(enrolment, null, 2)}\n`, 0o600);
  await syncDir(dir);
}

/** KIT_HOSTNAME, then the name a hub gave this kit (if any): the names its certificate may be for. */
export function kitNames(dataDir: string, kitHostname: string): string[] {
  const enrolled = readEnrolment(dataDir)?.name;
  return enrolled && enrolled !== kitHostname ? [kitHostname, enrolled] : [kitHostname];
}
