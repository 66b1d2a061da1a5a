import { describe, expect, it } from 'vitest';
import { parseKitWifiStatus, stagedText } from './wifi-settings.ts';

describe('what `kit-wifi status` prints, read back', () => {
  const printed = [
    '[settings]',
    'ssid=Biblioteca = Ñuñoa',
    'security=wpa2',
    'channel=auto',
    'channel_in_use=36',
    'band=5',
    'country=PE',
    'max_phones=8',
    '[pending]',
    'id=0123456789abcdef',
    'admin=4',
    'state=waiting',
    'started=1790000000',
    'confirm_seconds=180',
    'token=aaaaaaaaaaaa',
    'applied=1790000004',
    'deadline=1790000184',
    '[previous]',
    'ssid=Biblioteca-Aldea',
    'security=open',
    'channel=6',
    'channel_in_use=6',
    'band=2.4',
    'country=',
    'max_phones=10',
    '[last]',
    'id=fedcba9876543210',
    'admin=2',
    'result=reverted',
    'reason=El kit se reinició antes de que alguien confirmara el cambio. Volvió a la red anterior.',
    'at=1789990000',
    '',
  ].join('\n');

  it('gives the settings in use, the change in flight with its way back, and the last outcome', () => {
    expect(parseKitWifiStatus(printed)).toEqual({
      settings: { ssid: 'Biblioteca = Ñuñoa', security: 'wpa2', channel: 'auto', channelInUse: 36, band: '5', country: 'PE', maxPhones: 8 },
      pending: { id: '0123456789abcdef', admin: 4, state: 'waiting', started: 1790000000, applied: 1790000004, deadline: 1790000184, confirmSeconds: 180 },
      previous: { ssid: 'Biblioteca-Aldea', security: 'open', channel: 6, band: '2.4', country: null, maxPhones: 10 },
      last: { id: 'fedcba9876543210', result: 'reverted', reason: 'El kit se reinició antes de que alguien confirmara el cambio. Volvió a la red anterior.', at: new Date(1789990000 * 1000).toISOString() },
    });
  });

  it('treats a section it cannot read as missing, not as something else', () => {
    expect(parseKitWifiStatus('')).toEqual({ settings: null, pending: null, previous: null, last: null });
    expect(parseKitWifiStatus('[settings]\nssid=X\nsecurity=wep\nchannel=6\nband=2.4\nmax_phones=10\n').settings).toBeNull();
    expect(parseKitWifiStatus('[settings]\nssid=X\nsecurity=open\nchannel=seis\nband=2.4\nmax_phones=10\n').settings).toBeNull();
    expect(parseKitWifiStatus('[pending]\nid=x\nstate=done\n').pending).toBeNull();
    expect(parseKitWifiStatus('[last]\nid=x\nresult=maybe\n').last).toBeNull();
  });
});

describe('the file staged for the root helper', () => {
  const settings = { ssid: 'Biblioteca', security: 'wpa2' as const, channel: 'auto' as const, band: '2.4' as const, country: 'GT', maxPhones: 10 };

  it('holds the settings, the admin and the change id, and the password only when it changes', () => {
    expect(stagedText({ settings, password: 'clave = 12345', autoChannel: 6 }, { id: '0123456789abcdef', adminId: 3, confirmSeconds: 180 })).toBe(
      'id=0123456789abcdef\nadmin=3\nconfirm_seconds=180\nssid=Biblioteca\nsecurity=wpa2\npassword=clave = 12345\nchannel=auto\nauto_channel=6\nband=2.4\ncountry=GT\nmax_phones=10\n',
    );
    expect(stagedText({ settings, password: null, autoChannel: 6 }, { id: '0123456789abcdef', adminId: 3, confirmSeconds: 180 })).not.toContain('password');
  });
});
