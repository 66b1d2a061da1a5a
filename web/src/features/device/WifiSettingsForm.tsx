import { WIFI_FIRST_COUNTRIES, WIFI_MAX_PHONES_MAX, WIFI_PASSWORD_MAX, type WifiBand, type WifiSecurity, type WifiSettingsBody, type WifiState } from '@kit/contract';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { changeWifi } from '../../api/device.ts';
import { esDevice } from '../../i18n/es-device.ts';
import { notifyError } from '../../ui/notifications/notifications-store.ts';
import { deviceErrorMessage } from './device-errors.ts';
import { WifiApplyDialog } from './WifiApplyDialog.tsx';
import { countryLabel, countryName } from './wifi-format.ts';

const t = esDevice;
/** Above this many phones the Pi's own radio no longer serves them all (docs/API-device.md). */
const PI_RADIO_PHONES = 10;

interface Draft {
  ssid: string;
  security: WifiSecurity;
  password: string;
  country: string;
  band: WifiBand;
  channel: string;
  maxPhones: string;
}
type Field = keyof Draft;

const draftOf = (wifi: WifiState): Draft => ({
  ssid: wifi.ssid,
  security: wifi.security,
  password: '',
  country: wifi.country ?? '',
  band: wifi.band,
  channel: String(wifi.channel),
  maxPhones: String(wifi.maxPhones),
});

const bodyOf = (draft: Draft): WifiSettingsBody => ({
  ssid: draft.ssid,
  security: draft.security,
  ...(draft.security === 'wpa2' && draft.password !== '' ? { password: draft.password } : {}),
  channel: draft.channel === 'auto' ? 'auto' : Number(draft.channel),
  band: draft.band,
  country: draft.country,
  maxPhones: Number(draft.maxPhones),
});

/**
 * The editable "Red Wi-Fi" settings: name, security (a warning for an open
 * network), password, country, band and channel as the radio and that
 * country allow, phones at once. Applying asks first, saying exactly how to
 * keep the change; the server's refusals show under their field.
 */
export function WifiSettingsForm({ wifi, disabled, onApplied }: { wifi: WifiState; disabled: boolean; onApplied: () => void }) {
  const [draft, setDraft] = useState<Draft>(() => draftOf(wifi));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [asking, setAsking] = useState(false);
  const [showPassword, setShowPassword] = useState(false);

  const country = wifi.allowed.countries.find((c) => c.code === draft.country);
  const channels = country?.channels[draft.band] ?? [];
  const fiveAllowed = wifi.allowed.bands.includes('5') && (country?.channels['5'].length ?? 0) > 0;
  const first = wifi.allowed.countries.filter((c) => (WIFI_FIRST_COUNTRIES as readonly string[]).includes(c.code));
  const rest = wifi.allowed.countries.filter((c) => !first.includes(c));

  const set = (changes: Partial<Draft>) => {
    setDraft((old) => {
      const next = { ...old, ...changes };
      // a channel or band the new choice does not allow goes back to what always works
      const allowed = wifi.allowed.countries.find((c) => c.code === next.country)?.channels;
      if (allowed && allowed[next.band].length === 0) next.band = '2.4';
      if (next.channel !== 'auto' && !(allowed?.[next.band] ?? []).includes(Number(next.channel))) next.channel = 'auto';
      return next;
    });
    setErrors((old) => {
      const kept = { ...old };
      for (const key of Object.keys(changes) as Field[]) delete kept[key];
      return kept;
    });
  };

  const apply = async () => {
    try {
      await changeWifi(bodyOf(draft));
      setAsking(false);
      setDraft((old) => ({ ...old, password: '' }));
      onApplied();
    } catch (error) {
      setAsking(false);
      const field = error instanceof ApiError && error.type === 'validation' ? String((error.data as { field?: string } | null)?.field ?? '').replace(/^body\./, '') : '';
      if (field in draft) setErrors({ [field]: error instanceof Error ? error.message : t.failed });
      else notifyError(deviceErrorMessage(error, t.failed));
    }
  };

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAsking(true);
  };

  if (wifi.allowed.bands.length === 0) return <p className="device-warning">{t.wifiNoRadio}</p>;
  if (wifi.allowed.countries.length === 0) return <p className="device-warning">{t.wifiNoCountries}</p>;

  /** HELP: the field has a help line under it */
  const fieldProps = (field: Field, help = false) => ({
    'aria-invalid': errors[field] ? true : undefined,
    'aria-describedby': errors[field] ? `wifi-${field}-error` : help ? `wifi-${field}-help` : undefined,
  });
  const error = (field: Field) =>
    errors[field] ? (
      <span id={`wifi-${field}-error`} className="device-warning" role="alert">
        {errors[field]}
      </span>
    ) : null;

  return (
    <form className="admin-form wifi-form" onSubmit={submit} aria-label={t.wifiSettings}>
      <fieldset disabled={disabled}>
        <label>
          {t.wifiFields.ssid}
          <input className="input" value={draft.ssid} required maxLength={64} onChange={(e) => set({ ssid: e.target.value })} {...fieldProps('ssid', true)} />
          <span id="wifi-ssid-help" className="device-help">
            {t.wifiSsidHelp}
          </span>
          {error('ssid')}
        </label>

        <label>
          {t.wifiFields.security}
          <select className="input" value={draft.security} onChange={(e) => set({ security: e.target.value as WifiSecurity, password: '' })} {...fieldProps('security')}>
            <option value="wpa2">{t.wifiSecurity.wpa2}</option>
            <option value="open">{t.wifiSecurity.open}</option>
          </select>
          {error('security')}
        </label>
        {draft.security === 'open' && (
          <p className="device-warning" data-testid="wifi-open-warning">
            {t.wifiOpenWarning}
          </p>
        )}

        {draft.security === 'wpa2' && (
          <label>
            {t.wifiFields.password}
            <input
              className="input"
              type={showPassword ? 'text' : 'password'}
              autoComplete="new-password"
              value={draft.password}
              maxLength={WIFI_PASSWORD_MAX}
              required={wifi.security !== 'wpa2'}
              placeholder={wifi.security === 'wpa2' ? t.wifiPasswordKeep : undefined}
              onChange={(e) => set({ password: e.target.value })}
              {...fieldProps('password', true)}
            />
            <span id="wifi-password-help" className="device-help">
              {t.wifiPasswordHelp}
            </span>
            {error('password')}
          </label>
        )}
        {draft.security === 'wpa2' && (
          <label className="check">
            <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} /> {t.wifiShowPassword}
          </label>
        )}

        <label>
          {t.wifiFields.country}
          <select className="input" value={draft.country} required onChange={(e) => set({ country: e.target.value })} {...fieldProps('country')}>
            {draft.country === '' && <option value="">{t.wifiCountryUnset}</option>}
            <optgroup label={t.wifiCountriesFirst}>
              {first.map((c) => (
                <option key={c.code} value={c.code}>
                  {countryLabel(c.code)}
                </option>
              ))}
            </optgroup>
            <optgroup label={t.wifiCountriesAll}>
              {rest.map((c) => (
                <option key={c.code} value={c.code}>
                  {countryLabel(c.code)}
                </option>
              ))}
            </optgroup>
          </select>
          {error('country')}
        </label>

        <label>
          {t.wifiFields.band}
          <select className="input" value={draft.band} onChange={(e) => set({ band: e.target.value as WifiBand })} {...fieldProps('band', true)}>
            <option value="2.4">{t.wifiBands['2.4']}</option>
            <option value="5" disabled={!fiveAllowed}>
              {t.wifiBands['5']}
            </option>
          </select>
          <span id="wifi-band-help" className="device-help">
            {!wifi.allowed.bands.includes('5') ? t.wifiNo5Radio : country && !fiveAllowed ? t.wifiNo5Country(countryName(country.code)) : draft.band === '5' ? t.wifiBandHelp : ''}
          </span>
          {error('band')}
        </label>

        <label>
          {t.wifiFields.channel}
          <select className="input" value={draft.channel} onChange={(e) => set({ channel: e.target.value })} {...fieldProps('channel')}>
            <option value="auto">{t.wifiChannelAuto(draft.band === wifi.band && draft.country === wifi.country ? wifi.channelInUse : null)}</option>
            {channels.map((channel) => (
              <option key={channel} value={String(channel)}>
                {channel}
              </option>
            ))}
          </select>
          {error('channel')}
        </label>

        <label>
          {t.wifiFields.maxPhones}
          <input className="input" type="number" inputMode="numeric" min={1} max={WIFI_MAX_PHONES_MAX} required value={draft.maxPhones} onChange={(e) => set({ maxPhones: e.target.value })} {...fieldProps('maxPhones', true)} />
          <span id="wifi-maxPhones-help" className="device-help">
            {t.wifiMaxPhonesHelp}
          </span>
          {error('maxPhones')}
        </label>
        {Number(draft.maxPhones) > PI_RADIO_PHONES && (
          <p className="device-warning" data-testid="wifi-phones-warning">
            {t.wifiMaxPhonesWarning}
          </p>
        )}

        <button type="submit" className="button">
          {t.wifiApply}
        </button>
      </fieldset>
      {asking && (
        <WifiApplyDialog
          ssid={draft.ssid}
          password={draft.security === 'open' ? 'none' : draft.password === '' ? 'kept' : 'new'}
          previousSsid={wifi.ssid}
          confirmSeconds={wifi.confirmSeconds}
          onConfirm={apply}
          onCancel={() => setAsking(false)}
        />
      )}
    </form>
  );
}
