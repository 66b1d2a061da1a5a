import {
  WIFI_BANDS,
  WIFI_FIRST_COUNTRIES,
  WIFI_MAX_PHONES_MAX,
  WIFI_PASSWORD_MAX,
  WIFI_PASSWORD_MIN,
  WIFI_SSID_MAX_BYTES,
  type WifiAllowed,
  type WifiBand,
  type WifiLastChange,
  type WifiSettings,
  type WifiSettingsBody,
} from '@kit/contract';
import { AppError } from '../../errors.ts';
import { runKitScript } from './device.scripts.ts';
import type { Radio } from './wifi-radio.ts';
import { apMayUse, channelMhz, type RegDb } from './wifi-regdb.ts';

/*
 * The Wi-Fi settings between the portal and the kit's scripts: what may be
 * chosen (the radio × the regulatory database), the checks of a change, the
 * file staged for the root helper and the state scripts/kit-wifi prints.
 * The helper checks the staged file again (scripts/kit-wifi-render).
 */

/** Spanish country names for messages (ICU's, no table of ours). */
const regionNames = new Intl.DisplayNames(['es'], { type: 'region' });
export const countryName = (code: string): string => {
  try {
    return regionNames.of(code) ?? code;
  } catch {
    return code;
  }
};
const bandName = (band: WifiBand) => (band === '2.4' ? '2,4 GHz' : '5 GHz');

/** The channels an access point may start on, per country, on this radio; PE, GT and US first, then by code. */
export function allowedSettings(radio: Radio | null, regdb: RegDb | null): WifiAllowed {
  const codes = [...(regdb?.keys() ?? [])].filter((code) => code !== '00');
  const first = (WIFI_FIRST_COUNTRIES as readonly string[]).filter((code) => codes.includes(code));
  const ordered = [...first, ...codes.filter((code) => !first.includes(code)).sort()];
  const bands = radio?.accessPoint ? WIFI_BANDS.filter((band) => radio.channels[band].length > 0) : [];
  const channelsFor = (code: string, band: WifiBand) => {
    if (!radio || !bands.includes(band)) return [];
    const rules = regdb!.get(code)!;
    return radio.channels[band].filter((channel) => {
      const mhz = channelMhz(band, channel);
      return mhz !== null && apMayUse(rules, mhz);
    });
  };
  return { bands, countries: ordered.map((code) => ({ code, channels: { '2.4': channelsFor(code, '2.4'), '5': channelsFor(code, '5') } })) };
}

/** A checked change: the settings as the kit will show them, the new password (null: keep the current one), and the channel "auto" stands for. */
export interface WifiChange {
  settings: WifiSettings;
  password: string | null;
  autoChannel: number;
}

/** The code per field (server/src/errors.ts); MESSAGE says exactly what was wrong and what is allowed. */
const REFUSALS = {
  ssid: 'WIFI_SSID_INVALID',
  password: 'WIFI_PASSWORD_INVALID',
  country: 'WIFI_COUNTRY_UNKNOWN',
  band: 'WIFI_BAND_NOT_ALLOWED',
  channel: 'WIFI_CHANNEL_NOT_ALLOWED',
  maxPhones: 'WIFI_MAX_PHONES_INVALID',
} as const;
const refuse = (field: keyof typeof REFUSALS, message: string): never => {
  throw new AppError(REFUSALS[field], { field: `body.${field}` }, message);
};
// C0 and C1 control characters and DEL: 802.11 allows any bytes, phones show these as garbage or not at all
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
const PRINTABLE_ASCII = /^[\u0020-\u007e]*$/;

/**
 * Checks a PUT body against the rules and what the radio and the country
 * allow; throws a 400 with the field's code (WIFI_…) naming the field with a Spanish message.
 * CURRENT: the settings in use (a WPA2 network may keep its password).
 */
export function checkWifiChange(body: WifiSettingsBody, allowed: WifiAllowed, current: WifiSettings | null): WifiChange {
  const { ssid, security, band, channel, maxPhones } = body;
  if (ssid.length === 0) refuse('ssid', 'Escribe el nombre de la red');
  if (Buffer.byteLength(ssid, 'utf8') > WIFI_SSID_MAX_BYTES) {
    refuse('ssid', `El nombre de la red no puede pasar de ${WIFI_SSID_MAX_BYTES} bytes (cada letra con tilde o ñ cuenta doble)`);
  }
  if (CONTROL.test(ssid)) refuse('ssid', 'El nombre de la red no puede llevar caracteres de control');

  const password = body.password ?? '';
  if (security === 'open' && password !== '') refuse('password', 'Una red abierta no lleva contraseña');
  if (security === 'wpa2') {
    if (password === '' && current?.security !== 'wpa2') refuse('password', `Escribe una contraseña de ${WIFI_PASSWORD_MIN} a ${WIFI_PASSWORD_MAX} caracteres`);
    if (password !== '' && (password.length < WIFI_PASSWORD_MIN || password.length > WIFI_PASSWORD_MAX)) {
      refuse('password', `La contraseña debe tener de ${WIFI_PASSWORD_MIN} a ${WIFI_PASSWORD_MAX} caracteres`);
    }
    if (!PRINTABLE_ASCII.test(password)) refuse('password', 'La contraseña solo puede llevar letras sin tilde ni ñ, cifras, espacios y signos (ASCII)');
  }

  const code = body.country.toUpperCase();
  const country = allowed.countries.find((c) => c.code === code);
  if (!/^[A-Z]{2}$/.test(code) || !country) refuse('country', `País desconocido: «${body.country}». Usa el código de dos letras del país (PE, GT, US…)`);
  const name = countryName(code);

  if (!allowed.bands.includes(band)) refuse('band', `La radio del kit no tiene la banda de ${bandName(band)}`);
  const channels = country!.channels[band];
  if (channels.length === 0) refuse('band', `En ${name} no se permite un punto de acceso en la banda de ${bandName(band)}`);
  let autoChannel: number;
  if (channel === 'auto') {
    // 6 on 2.4 GHz, as the kit always used; the first allowed otherwise
    autoChannel = band === '2.4' && channels.includes(6) ? 6 : channels[0]!;
  } else {
    if (!channels.includes(channel)) {
      refuse('channel', `El canal ${channel} no está permitido en ${name} en la banda de ${bandName(band)}. Canales permitidos: ${channels.join(', ')}`);
    }
    autoChannel = channel;
  }
  if (!Number.isInteger(maxPhones) || maxPhones < 1 || maxPhones > WIFI_MAX_PHONES_MAX) {
    refuse('maxPhones', `El número de teléfonos a la vez debe estar entre 1 y ${WIFI_MAX_PHONES_MAX}`);
  }
  return {
    settings: { ssid, security, channel, band, country: code, maxPhones },
    password: security === 'wpa2' && password !== '' ? password : null,
    autoChannel,
  };
}

/** The file the root helper reads (key=value lines; the password only when it changes). */
export function stagedText(change: WifiChange, meta: { id: string; adminId: number; confirmSeconds: number }): string {
  const { settings } = change;
  const lines: [string, string | number][] = [
    ['id', meta.id],
    ['admin', meta.adminId],
    ['confirm_seconds', meta.confirmSeconds],
    ['ssid', settings.ssid],
    ['security', settings.security],
    ...(change.password !== null ? ([['password', change.password]] as [string, string][]) : []),
    ['channel', settings.channel],
    ['auto_channel', change.autoChannel],
    ['band', settings.band],
    ['country', settings.country ?? ''],
    ['max_phones', settings.maxPhones],
  ];
  return lines.map(([key, value]) => `${key}=${value}\n`).join('');
}

/** A change the kit's files say is in flight (/etc/kit-portal/wifi-pending). */
export interface PendingFile {
  id: string;
  admin: number;
  state: 'applying' | 'waiting';
  /** epoch seconds */
  started: number;
  applied: number | null;
  deadline: number | null;
  confirmSeconds: number;
}

/** What `kit-wifi status` printed. */
export interface KitWifiStatus {
  settings: (WifiSettings & { channelInUse: number | null }) | null;
  pending: PendingFile | null;
  previous: WifiSettings | null;
  last: WifiLastChange | null;
}

/** "[name]" headers, each followed by key=value lines. */
function sections(text: string): Map<string, Record<string, string>> {
  const found = new Map<string, Record<string, string>>();
  let current: Record<string, string> | null = null;
  for (const line of text.split('\n')) {
    const header = /^\[(\w+)\]$/.exec(line);
    if (header) {
      current = {};
      found.set(header[1]!, current);
    } else if (current && line.includes('=')) {
      current[line.slice(0, line.indexOf('='))] = line.slice(line.indexOf('=') + 1);
    }
  }
  return found;
}

const int = (text: string | undefined): number | null => (text !== undefined && /^\d+$/.test(text) ? Number(text) : null);

/** wifi.conf's keys as WifiSettings; null when anything is off (then the page cannot show the network). */
function settingsOf(kv: Record<string, string> | undefined): (WifiSettings & { channelInUse: number | null }) | null {
  if (!kv) return null;
  const { ssid, security, band } = kv;
  const channel = kv.channel === 'auto' ? 'auto' : int(kv.channel);
  const maxPhones = int(kv.max_phones);
  if (!ssid || (security !== 'wpa2' && security !== 'open') || (band !== '2.4' && band !== '5') || channel === null || maxPhones === null) return null;
  const country = kv.country && /^[A-Z]{2}$/.test(kv.country) ? kv.country : null;
  return { ssid, security, channel, band, country, maxPhones, channelInUse: int(kv.channel_in_use) };
}

export function parseKitWifiStatus(text: string): KitWifiStatus {
  const found = sections(text);
  const p = found.get('pending');
  const pending: PendingFile | null =
    p && p.id && (p.state === 'applying' || p.state === 'waiting')
      ? { id: p.id, admin: int(p.admin) ?? 0, state: p.state, started: int(p.started) ?? 0, applied: int(p.applied), deadline: int(p.deadline), confirmSeconds: int(p.confirm_seconds) ?? 0 }
      : null;
  const l = found.get('last');
  const result = l?.result;
  const last: WifiLastChange | null =
    l && l.id && (result === 'confirmed' || result === 'reverted' || result === 'failed')
      ? { id: l.id, result, reason: l.reason || null, at: new Date((int(l.at) ?? 0) * 1000).toISOString() }
      : null;
  const previous = settingsOf(found.get('previous'));
  return { settings: settingsOf(found.get('settings')), pending, previous: previous && withoutChannelInUse(previous), last };
}

export function withoutChannelInUse(settings: WifiSettings & { channelInUse?: number | null }): WifiSettings {
  const { ssid, security, channel, band, country, maxPhones } = settings;
  return { ssid, security, channel, band, country, maxPhones };
}

/** The kit's Wi-Fi files as `kit-wifi status` prints them; all empty when the script cannot run (not a kit yet, an old install). */
export async function readKitWifiStatus(scriptsDir: string): Promise<KitWifiStatus> {
  const result = await runKitScript(scriptsDir, 'kit-wifi', ['status'], 5_000);
  return parseKitWifiStatus(result.code === 0 ? result.stdout : '');
}
