import { generateKeyPairSync } from 'node:crypto';
import fs from 'node:fs';
import https from 'node:https';
import path from 'node:path';
import tls from 'node:tls';
import type { FastifyBaseLogger } from 'fastify';
import type { AcmeConfig } from '../../config.ts';
import { AppError } from '../../errors.ts';
import { describeResult, runProgram } from '../device/device.scripts.ts';
import { acmeLibrary, type AcmeLibrary } from './acme-library.ts';

/*
 * One ACME order for one kit's certificate request, through acme-client
 * (RFC 8555: account, order, DNS-01 authorisation, finalize, download), with
 * the hub's own account key. The DNS-01 TXT record is published and withdrawn
 * by the technician's hook: `HOOK add <fqdn> <value>` / `HOOK remove <fqdn>
 * <value>`, an argv array (never a shell string), so any DNS provider works
 * through a small script and its credentials stay with that script.
 */

/** A DNS provider may take a while to publish: the example hook waits until it does. */
const HOOK_TIMEOUT_MS = 5 * 60_000;

/** The account key: made once, 0600, never leaves the hub (not in packs, reports or backups). */
export function loadOrCreateAccountKey(dataDir: string): string {
  const file = path.join(dataDir, 'secrets', 'acme-account.pem');
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
    const { privateKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const tmp = `${file}.tmp`;
    fs.writeFileSync(tmp, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
    fs.renameSync(tmp, file);
  }
  return fs.readFileSync(file, 'utf8');
}

let trustedCaFile: string | null = null;

/**
 * acme-client talks through its own axios instance: KIT_ACME_CA_FILE's roots
 * are added to Node's for it (a private CA, or a test CA), once per process.
 */
function trustExtraRoots(acme: AcmeLibrary, caFile: string | null): void {
  if (caFile === null || caFile === trustedCaFile) return;
  acme.axios.defaults.httpsAgent = new https.Agent({ ca: [...tls.rootCertificates, fs.readFileSync(caFile, 'utf8')], keepAlive: false });
  trustedCaFile = caFile;
}

async function runHook(hook: string, verb: 'add' | 'remove', fqdn: string, value: string): Promise<void> {
  const result = await runProgram(hook, [verb, fqdn, value], { timeoutMs: HOOK_TIMEOUT_MS });
  if (result.code !== 0) {
    const detail = describeResult(result);
    throw new AppError(
      'CERT_DNS_HOOK_FAILED',
      { verb, fqdn, detail },
      `El programa DNS del centro (KIT_ACME_DNS_HOOK ${verb}) falló: ${detail}. No se emitió el certificado`,
    );
  }
}

/**
 * Orders a certificate for CSR (PEM) and returns its chain (PEM: the
 * certificate, then the intermediates). Every failure is an AppError: the
 * hook's (CERT_DNS_HOOK_FAILED) or the CA's (CERT_ACME_FAILED, with the CA's
 * own words in `detail`). The TXT record is withdrawn whatever happens once
 * it was published (acme-client runs the remove function in a finally).
 */
export async function orderCertificate(config: AcmeConfig, accountKey: string, csr: string, log: FastifyBaseLogger): Promise<string> {
  const acme = await acmeLibrary();
  trustExtraRoots(acme, config.caFile);
  const client = new acme.Client({ directoryUrl: config.directoryUrl, accountKey, backoffMin: 1_000, backoffMax: 10_000, backoffAttempts: 12 });
  try {
    return await client.auto({
      csr,
      email: config.email,
      termsOfServiceAgreed: true,
      challengePriority: ['dns-01'],
      // acme-client's own check asks the machine's resolver, which need not see the
      // provider's authoritative servers; the hook returns once the record is published.
      skipChallengeVerification: true,
      challengeCreateFn: async (authz, challenge, keyAuthorization) => {
        if (challenge.type !== 'dns-01') throw new AppError('CERT_ACME_FAILED', { detail: `reto ${challenge.type}` });
        await runHook(config.dnsHook, 'add', `_acme-challenge.${authz.identifier.value}`, keyAuthorization);
      },
      // Runs after an add, whether the order then succeeded or failed; its own failure does not undo a certificate.
      challengeRemoveFn: async (authz, _challenge, keyAuthorization) => {
        await runHook(config.dnsHook, 'remove', `_acme-challenge.${authz.identifier.value}`, keyAuthorization).catch((error: unknown) => {
          log.error({ err: error, name: authz.identifier.value }, 'certificados: no se pudo retirar el registro TXT');
        });
      },
    });
  } catch (error) {
    if (error instanceof AppError) throw error;
    const detail = (error instanceof Error ? error.message : String(error)).slice(0, 500);
    throw new AppError('CERT_ACME_FAILED', { detail }, `La autoridad de certificación no emitió el certificado: ${detail}`);
  }
}
