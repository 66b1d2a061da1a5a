import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { KitEnrolmentPanel } from './KitEnrolmentPanel.tsx';

describe('KitEnrolmentPanel', () => {
  it("names the token's hub and domain, says the kit has not enrolled yet, and exports its pack for the hub", () => {
    const onExport = vi.fn();
    render(<KitEnrolmentPanel token={{ hubKeyId: '0123456789abcdef', domain: 'kits.example.org', enrolled: false }} drives={[]} running={false} onExport={onExport} />);
    const panel = screen.getByTestId('kit-enrolment');
    expect(panel.textContent).toContain('clave 0123456789abcdef (nombres bajo kits.example.org)');
    expect(panel.textContent).toContain('Todavía no se inscribió');
    fireEvent.click(screen.getByRole('button', { name: 'Exportar inscripción y solicitud de certificado' }));
    expect(onExport).toHaveBeenCalledWith(null);
  });
});
