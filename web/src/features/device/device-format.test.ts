import { describe, expect, it } from 'vitest';
import { formatUptime, formatUse } from './device-format.ts';

describe('device status formats', () => {
  it('uptime in days, hours and minutes, leaving out leading zeros', () => {
    expect(formatUptime(0)).toBe('0 min');
    expect(formatUptime(59)).toBe('0 min');
    expect(formatUptime(3_600)).toBe('1 h 0 min');
    expect(formatUptime(93_784)).toBe('1 d 2 h 3 min');
    expect(formatUptime(86_400 + 60)).toBe('1 d 0 h 1 min');
  });

  it('disk and memory use with their share, or not available', () => {
    expect(formatUse({ usedBytes: 1024 ** 3, totalBytes: 4 * 1024 ** 3 })).toBe('1.0 GB usados de 4.0 GB (25 %)');
    expect(formatUse(null)).toBe('No disponible');
    expect(formatUse({ usedBytes: 0, totalBytes: 0 })).toBe('No disponible');
  });
});
