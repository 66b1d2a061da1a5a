import type { CertificateInfo, HttpsStatus } from '@kit/contract';
import { describe, expect, it } from 'vitest';
import { phoneModeOf } from './https-status.ts';

// The first reason that keeps phones in the basic mode, for each state the
// real listener can be in (the routes test covers the ones a test can build).

const NOW = Date.parse('2026-06-01T00:00:00Z');
const cert = (over: Partial<CertificateInfo> = {}): CertificateInfo => ({
  subject: 'CN=portal.kit', issuer: 'CN=portal.kit', names: ['portal.kit'],
  validFrom: '2026-05-01T00:00:00.000Z', validTo: '2026-07-01T00:00:00.000Z', daysLeft: 30,
  expired: false, selfSigned: false, phonesTrust: true, matchesHostname: true, fingerprint256: 'AA', renewalDueAt: '2026-06-10T00:00:00.000Z', ...over,
});
const https = (over: Partial<HttpsStatus> = {}): HttpsStatus => ({
  enabled: true, listening: true, port: 443, redirecting: false, certificate: cert(), restartRequired: false, name: 'portal.kit', enrolment: null, clockConfirmed: true, ...over,
});

describe('phoneModeOf', () => {
  it.each<[string, HttpsStatus, string, string]>([
    ['redirecting to HTTPS', https({ redirecting: true }), 'offline', 'https'],
    ['KIT_HTTPS_PORT=0', https({ enabled: false, listening: false, certificate: null }), 'basic', 'disabled'],
    ['no certificate', https({ listening: false, certificate: null }), 'basic', 'no-certificate'],
    ['expired', https({ certificate: cert({ validTo: '2026-05-20T00:00:00.000Z', expired: true }) }), 'basic', 'expired'],
    ['not valid yet (the kit’s clock is behind)', https({ certificate: cert({ validFrom: '2026-06-02T00:00:00.000Z', expired: true }) }), 'basic', 'not-yet-valid'],
    ['another name', https({ certificate: cert({ matchesHostname: false }) }), 'basic', 'wrong-name'],
    ['self-signed or from a private CA: phones would get a certificate error', https({ certificate: cert({ selfSigned: true, phonesTrust: false }) }), 'basic', 'untrusted'],
    ['the kit’s clock may be behind (nothing told it the time since it started)', https({ clockConfirmed: false }), 'basic', 'clock-unconfirmed'],
    ['not valid yet by a clock that may be behind: the clock is the reason', https({ clockConfirmed: false, certificate: cert({ validFrom: '2026-06-02T00:00:00.000Z', expired: true }) }), 'basic', 'clock-unconfirmed'],
    ['installed, served after a restart', https({ listening: false, restartRequired: true }), 'basic', 'restart-required'],
    ['the port could not be opened', https({ listening: false }), 'basic', 'not-listening'],
  ])('%s', (_name, status, mode, reason) => {
    expect(phoneModeOf(status, NOW)).toEqual({ mode, reason });
  });
});
