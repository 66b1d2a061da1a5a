import type { HttpsStatus } from '@kit/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CertificateEnrolment } from './CertificateEnrolment.tsx';
import { CertificateSummary } from './CertificateSummary.tsx';

const https: HttpsStatus = {
  enabled: true,
  listening: true,
  port: 443,
  redirecting: true,
  restartRequired: false,
  name: 'biblioteca-aldea.kits.example.org',
  certificate: {
    subject: 'CN=biblioteca-aldea.kits.example.org',
    issuer: "C=US, O=Let's Encrypt, CN=R11",
    names: ['biblioteca-aldea.kits.example.org'],
    validFrom: '2026-03-01T00:00:00.000Z',
    validTo: '2026-05-30T00:00:00.000Z',
    daysLeft: 40,
    expired: false,
    selfSigned: false,
    phonesTrust: true,
    matchesHostname: true,
    fingerprint256: 'AA',
    renewalDueAt: '2026-04-30T00:00:00.000Z',
  },
  enrolment: {
    name: 'biblioteca-aldea.kits.example.org',
    domain: 'kits.example.org',
    state: 'failed',
    requestedAt: '2026-04-20T10:00:00.000Z',
    answeredAt: '2026-04-20T10:00:05.000Z',
    lastError: { code: 'CERT_DNS_HOOK_FAILED', message: 'El programa DNS del centro no pudo publicar el registro del reto DNS-01.', at: '2026-04-20T10:00:05.000Z' },
  },
  clockConfirmed: true,
};

describe('the certificate on /admin/device', () => {
  it('shows the issuer, names, expiry and when renewal is due', () => {
    render(<CertificateSummary https={https} hostname="biblioteca.aldea" now="2026-04-20T10:00:00.000Z" />);
    const text = screen.getByTestId('certificate').textContent ?? '';
    expect(text).toContain('Para: biblioteca-aldea.kits.example.org');
    expect(text).toContain("Emitido por: C=US, O=Let's Encrypt, CN=R11");
    expect(text).toMatch(/Vence el .* \(en 40 días\)/);
    expect(text).toMatch(/Renovación a partir del /);
  });

  it('says renewal is due once the date has passed on the kit’s clock', () => {
    render(<CertificateSummary https={https} hostname="biblioteca.aldea" now="2026-05-02T00:00:00.000Z" />);
    expect(screen.getByTestId('certificate').textContent).toMatch(/Renovación pendiente desde el /);
  });

  it('shows the kit’s name at its hub, where its request stands and the last error in Spanish', () => {
    render(<CertificateEnrolment enrolment={https.enrolment} />);
    const box = screen.getByTestId('certificate-enrolment');
    expect(box.textContent).toContain('Nombre del kit en HTTPS: biblioteca-aldea.kits.example.org');
    expect(box.textContent).toContain('El centro no pudo emitirlo.');
    expect(screen.getByRole('alert').textContent).toBe('Último error: El programa DNS del centro no pudo publicar el registro del reto DNS-01.');
  });

  it('shows nothing for a kit that never enrolled', () => {
    const { container } = render(<CertificateEnrolment enrolment={null} />);
    expect(container.textContent).toBe('');
  });
});
