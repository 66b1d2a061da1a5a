import type { DeviceStatus } from '@kit/contract';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DeviceStatusView } from './DeviceStatusView.tsx';

const GiB = 1024 ** 3;

/** A kit's status as /api/v2/admin/device/status answers it, with the data disk as given. */
function statusWith(disk: DeviceStatus['disk']): DeviceStatus {
  return {
    hostname: 'portal.kit',
    now: '2026-03-04T10:20:30.123Z',
    uptimeSeconds: 3_600,
    serverUptimeSeconds: 3_000,
    temperatureC: 48.3,
    load: null,
    throttling: null,
    disk,
    memory: null,
    hotspot: { state: 'active', ssid: 'Biblioteca', connectedPhones: 2, connectedPhonesSource: 'stations', maxPhones: 10, lastAction: null },
    power: { pending: null, lastError: null },
    https: { enabled: false, listening: false, port: null, redirecting: false, restartRequired: false, name: null, certificate: null, enrolment: null, clockConfirmed: false },
    clock: { confirmedBy: null, changes: [] },
  };
}

describe('DeviceStatusView: the data disk', () => {
  it('warns that the kit is out of space when less than the reserve is free', () => {
    render(<DeviceStatusView status={statusWith({ totalBytes: 8 * GiB, freeBytes: 10 * 1024 ** 2, usedBytes: 8 * GiB - 10 * 1024 ** 2, reserveBytes: 64 * 1024 ** 2, full: true })} />);
    const disk = screen.getByTestId('device-disk');
    expect(disk.textContent).toContain('usados de 8.0 GB');
    expect(screen.getByRole('alert').textContent).toMatch(/^El disco del kit está lleno/);
  });

  it('shows only the use while there is room', () => {
    render(<DeviceStatusView status={statusWith({ totalBytes: 8 * GiB, freeBytes: 4 * GiB, usedBytes: 4 * GiB, reserveBytes: 64 * 1024 ** 2, full: false })} />);
    expect(screen.getByTestId('device-disk').textContent).toContain('usados de 8.0 GB (50 %)');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
