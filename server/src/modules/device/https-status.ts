import type { HttpsStatus, PhoneMode, PhoneModeReason } from '@kit/contract';
import type { FastifyInstance } from 'fastify';
import { redirectsNow } from './https.plugin.ts';
import { certificateInfo, kitNames, readEnrolment, readInstalledCertificate } from './device.certificate.ts';

/** The HTTPS listener and the installed certificate, as /admin/device and /admin/data show them. */
export async function readHttpsStatus(app: FastifyInstance): Promise<HttpsStatus> {
  const { dataDir, kitHostname } = app.config;
  const installed = await readInstalledCertificate(dataDir);
  const https = app.httpsState;
  const now = app.kitClock.now();
  const certificate = installed.state === 'ok' ? certificateInfo(installed.pair.chain, kitNames(dataDir, kitHostname), app.config.acmeCaFile, now) : null;
  const enrolment = readEnrolment(dataDir);
  return {
    enabled: https.enabled,
    listening: https.server !== null,
    port: https.port,
    redirecting: redirectsNow(https, app.kitClock),
    certificate,
    restartRequired: certificate !== null && certificate.fingerprint256 !== https.served?.fingerprint256,
    name: https.name,
    enrolment: enrolment && {
      name: enrolment.name,
      domain: enrolment.domain,
      state: (['name-needed', 'pending', 'issued', 'failed'] as const).find((s) => s === enrolment.state) ?? null,
      requestedAt: enrolment.requestedAt,
      answeredAt: enrolment.answeredAt,
      lastError: enrolment.lastError,
    },
    clockConfirmed: app.kitClock.confirmed,
  };
}

/**
 * What phones get and the first reason why. The full offline app needs a
 * service worker, which browsers allow only on a secure origin: phones reach
 * it exactly when plain-HTTP visits are redirected to HTTPS with a
 * certificate valid for the kit's name that phones trust, and a kit clock
 * known not to be behind (docs/HTTPS.md). NOW: the kit's clock.
 */
export function phoneModeOf(https: HttpsStatus, now: number): Pick<PhoneMode, 'mode' | 'reason'> {
  if (https.redirecting) return { mode: 'offline', reason: 'https' };
  const cert = https.certificate;
  const reason: PhoneModeReason = !https.enabled
    ? 'disabled'
    : cert === null
      ? 'no-certificate'
      : now > Date.parse(cert.validTo)
        ? 'expired'
        : !cert.matchesHostname
          ? 'wrong-name'
          : !cert.phonesTrust
            ? 'untrusted'
            : !https.clockConfirmed
              ? 'clock-unconfirmed'
              : now < Date.parse(cert.validFrom)
                ? 'not-yet-valid'
                : https.restartRequired
                  ? 'restart-required'
                  : 'not-listening';
  return { mode: 'basic', reason };
}
