import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { CourierPanel } from './CourierPanel.tsx';

const AT = '2026-12-01T15:30:00.000Z';
const when = new Date(AT).toLocaleString('es');

describe('CourierPanel', () => {
  it('says how many phones took the report and brought answers, and what the last answer did', () => {
    render(<CourierPanel courier={{ takenAt: AT, takenBy: 3, answeredAt: AT, answeredBy: 1, outcome: { ok: true, state: 'issued', code: null, message: null } }} />);
    const panel = screen.getByTestId('sync-courier');
    expect(screen.getByRole('heading', { name: 'Llevado por teléfonos' })).toBeTruthy();
    expect(panel.textContent).toContain(`lo llevan 3 teléfonos (el último, ${when})`);
    expect(panel.textContent).toContain(`por 1 teléfono (la última, ${when})`);
    expect(panel.textContent).toContain('Certificado recibido');
  });

  it('shows a refused answer with the reason, and nothing carried yet', () => {
    render(<CourierPanel courier={{ takenAt: null, takenBy: 0, answeredAt: AT, answeredBy: 2, outcome: { ok: false, state: null, code: 'CERT_ANSWER_INVALID', message: 'La respuesta no es válida' } }} />);
    const panel = screen.getByTestId('sync-courier');
    expect(panel.textContent).toContain('Todavía ninguno.');
    expect(panel.textContent).toContain('Rechazada: La respuesta no es válida');
  });
});
