import fs from 'node:fs';
import path from 'node:path';
import { WIFI_BANDS, WIFI_CHANNELS, WIFI_MAX_PHONES_MAX, WIFI_PASSWORD_MAX, WIFI_PASSWORD_MIN, WIFI_SSID_MAX_BYTES } from '@kit/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { channelMhz } from '../../src/modules/device/wifi-regdb.ts';
import { cleanupTempDirs, run, SCRIPTS_DIR, tempDir } from './kit-helpers.ts';

// The access point's limits are written twice, in the contract (the portal's
// checks and form) and in scripts/kit-wifi-render (the root side checks the
// file again, whoever wrote it): each bound of the contract, and one past it,
// goes through the script, which must agree.

afterAll(cleanupTempDirs);

const GOOD = { ssid: 'Biblioteca', security: 'wpa2', password: 'clave segura', channel: '6', band: '2.4', country: 'PE', max_phones: '8' };

/** kit-wifi-render on these settings: accepted, or the field it refused. */
function render(change: Partial<Record<keyof typeof GOOD, string>>): 'ok' | string {
  const dir = tempDir('kit-wifi-limits-');
  const settings = path.join(dir, 'settings');
  fs.writeFileSync(settings, Object.entries({ ...GOOD, ...change }).map(([key, value]) => `${key}=${value}\n`).join(''));
  const result = run(path.join(SCRIPTS_DIR, 'kit-wifi-render'), [settings, path.join(dir, 'hostapd.conf'), path.join(dir, 'public')]);
  if (result.status === 0) return 'ok';
  return /^kit-wifi-render: (\w+):/m.exec(result.stderr)?.[1] ?? `exit ${result.status}: ${result.stderr}`;
}

describe("kit-wifi-render's limits are the contract's", () => {
  it('the name: up to its bytes (ñ counts two)', () => {
    expect(render({ ssid: 'a'.repeat(WIFI_SSID_MAX_BYTES) })).toBe('ok');
    expect(render({ ssid: 'ñ'.repeat(WIFI_SSID_MAX_BYTES / 2) })).toBe('ok');
    expect(render({ ssid: 'a'.repeat(WIFI_SSID_MAX_BYTES + 1) })).toBe('ssid');
    expect(render({ ssid: `${'a'.repeat(WIFI_SSID_MAX_BYTES - 1)}ñ` })).toBe('ssid');
  });

  it('the password: from its shortest to its longest', () => {
    expect(render({ password: 'a'.repeat(WIFI_PASSWORD_MIN) })).toBe('ok');
    expect(render({ password: 'a'.repeat(WIFI_PASSWORD_MAX) })).toBe('ok');
    expect(render({ password: 'a'.repeat(WIFI_PASSWORD_MIN - 1) })).toBe('password');
    expect(render({ password: 'a'.repeat(WIFI_PASSWORD_MAX + 1) })).toBe('password');
  });

  it("each band's channels, first to last, and none beside them; the portal's frequency table agrees", () => {
    for (const band of WIFI_BANDS) {
      const { first, last } = WIFI_CHANNELS[band];
      for (const channel of [first, last]) {
        expect(render({ band, channel: String(channel) }), `${band} ${channel}`).toBe('ok');
        expect(channelMhz(band, channel)).not.toBeNull();
      }
      for (const channel of [first - 1, last + 1]) {
        expect(render({ band, channel: String(channel) }), `${band} ${channel}`).toBe('channel');
        expect(channelMhz(band, channel)).toBeNull();
      }
    }
  });

  it('the phones at once: from one to its most', () => {
    expect(render({ max_phones: '1' })).toBe('ok');
    expect(render({ max_phones: String(WIFI_MAX_PHONES_MAX) })).toBe('ok');
    expect(render({ max_phones: '0' })).toBe('max_phones');
    expect(render({ max_phones: String(WIFI_MAX_PHONES_MAX + 1) })).toBe('max_phones');
  });
});
