import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ClockPanel } from './ClockPanel.tsx';

const KIT_NOW = '2026-03-04T10:20:30.000Z';
const readAt = new Date(KIT_NOW);

describe('the kit’s clock on /admin/device', () => {
  it('says when nothing confirmed the time since the kit started, and why phones stay on plain HTTP', () => {
    render(<ClockPanel kitNow={KIT_NOW} clock={{ confirmedBy: null, changes: [] }} readAt={readAt} onDone={() => undefined} />);
    expect(screen.getByTestId('device-clock-confirmed').textContent).toMatch(/^Nadie confirmó la hora desde el último arranque: .*no se envían a HTTPS/);
    expect(screen.queryByTestId('device-clock-changes')).toBeNull();
  });

  it('lists the last changes, newest first, with who moved the clock and from what time to what time', () => {
    const changes = [
      { id: 2, source: 'phones' as const, from: '2026-03-04T10:00:00.000Z', to: '2026-03-04T10:06:00.000Z' },
      { id: 1, source: 'certificate' as const, from: '2026-03-01T08:00:00.000Z', to: '2026-03-04T09:00:00.000Z' },
    ];
    render(<ClockPanel kitNow={KIT_NOW} clock={{ confirmedBy: 'phones', changes }} readAt={readAt} onDone={() => undefined} />);
    expect(screen.getByTestId('device-clock-confirmed').textContent).toBe('Hora confirmada por varios teléfonos desde el último arranque.');
    const items = screen.getAllByRole('listitem').map((item) => item.textContent ?? '');
    expect(items).toHaveLength(2);
    expect(items[0]).toMatch(/^Varios teléfonos de 04\/03\/2026.* a 04\/03\/2026/);
    expect(items[1]).toMatch(/^Un certificado de 01\/03\/2026/);
  });
});
