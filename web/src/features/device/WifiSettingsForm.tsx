import { WIFI_FIRST_COUNTRIES, WIFI_MAX_PHONES_MAX, WIFI_PASSWORD_MAX, type WifiBand, type WifiSecurity, type WifiState } from '@kit/contract';
import { useState, type FormEvent } from 'react';
import { esDevice } from '../../i18n/es-device.ts';
import { useWifiForm, type WifiDraft, type WifiErrors, type WifiField } from './use-wifi-form.ts';
import { WifiApplyDialog } from './WifiApplyDialog.tsx';
import { countryLabel, countryName } from './wifi-format.ts';

const t = esDevice;
/** Above this many phones the Pi's own radio no longer serves them all (docs/API-device.md). */
const PI_RADIO_PHONES = 10;

/** HELP: the field has a help line under it */
const fieldProps = (errors: WifiErrors, field: WifiField, help = false) => ({
  'aria-invalid': errors[field] ? true : undefined,
  'aria-describedby': errors[field] ? `wifi-${field}-error` : help ? `wifi-${field}-help` : undefined,
});

/** The server's refusal of FIELD, under it; nothing while there is none. */
function FieldError({ errors, field }: { errors: WifiErrors; field: WifiField }) {
  return errors[field] ? (
    <span id={`wifi-${field}-error`} className="device-warning" role="alert">
      {errors[field]}
    </span>
  ) : null;
}

/** Country, band and channel: each offers only what the radio and the chosen country allow. */
function WifiRadioFields({ wifi, draft, errors, set }: { wifi: WifiState; draft: WifiDraft; errors: WifiErrors; set: (changes: Partial<WifiDraft>) => void }) {
  const country = wifi.allowed.countries.find((c) => c.code === draft.country);
  const channels = country?.channels[draft.band] ?? [];
  const fiveAllowed = wifi.allowed.bands.includes('5') && (country?.channels['5'].length ?? 0) > 0;
  const first = wifi.allowed.countries.filter((c) => (WIFI_FIRST_COUNTRIES as readonly string[]).includes(c.code));
  const rest = wifi.allowed.countries.filter((c) => !first.includes(c));

  return (
    <>
      <label>
        {t.wifiFields.country}
        <select className="input" value={draft.country} required onChange={(e) => set({ country: e.target.value })} {...fieldProps(errors, 'country')}>
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
        <FieldError errors={errors} field="country" />
      </label>

      <label>
        {t.wifiFields.band}
        <select className="input" value={draft.band} onChange={(e) => set({ band: e.target.value as WifiBand })} {...fieldProps(errors, 'band', true)}>
          <option value="2.4">{t.wifiBands['2.4']}</option>
          <option value="5" disabled={!fiveAllowed}>
            {t.wifiBands['5']}
          </option>
        </select>
        <span id="wifi-band-help" className="device-help">
          {!wifi.allowed.bands.includes('5') ? t.wifiNo5Radio : country && !fiveAllowed ? t.wifiNo5Country(countryName(country.code)) : draft.band === '5' ? t.wifiBandHelp : ''}
        </span>
        <FieldError errors={errors} field="band" />
      </label>

      <label>
        {t.wifiFields.channel}
        <select className="input" value={draft.channel} onChange={(e) => set({ channel: e.target.value })} {...fieldProps(errors, 'channel')}>
          <option value="auto">{t.wifiChannelAuto(draft.band === wifi.band && draft.country === wifi.country ? wifi.channelInUse : null)}</option>
          {channels.map((channel) => (
            <option key={channel} value={String(channel)}>
              {channel}
            </option>
          ))}
        </select>
        <FieldError errors={errors} field="channel" />
      </label>
    </>
  );
}

/**
 * The editable "Red Wi-Fi" settings: name, security (a warning for an open
 * network), password, country, band and channel as the radio and that
 * country allow, phones at once. Applying asks first, saying exactly how to
 * keep the change; the server's refusals show under their field.
 */
export function WifiSettingsForm({ wifi, disabled, onApplied }: { wifi: WifiState; disabled: boolean; onApplied: () => void }) {
  const { draft, errors, asking, setAsking, set, apply } = useWifiForm(wifi, onApplied);
  const [showPassword, setShowPassword] = useState(false);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setAsking(true);
  };

  if (wifi.allowed.bands.length === 0) return <p className="device-warning">{t.wifiNoRadio}</p>;
  if (wifi.allowed.countries.length === 0) return <p className="device-warning">{t.wifiNoCountries}</p>;

  return (
    <form className="admin-form wifi-form" onSubmit={submit} aria-label={t.wifiSettings}>
      <fieldset disabled={disabled}>
        <label>
          {t.wifiFields.ssid}
          <input className="input" value={draft.ssid} required maxLength={64} onChange={(e) => set({ ssid: e.target.value })} {...fieldProps(errors, 'ssid', true)} />
          <span id="wifi-ssid-help" className="device-help">
            {t.wifiSsidHelp}
          </span>
          <FieldError errors={errors} field="ssid" />
        </label>

        <label>
          {t.wifiFields.security}
          <select className="input" value={draft.security} onChange={(e) => set({ security: e.target.value as WifiSecurity, password: '' })} {...fieldProps(errors, 'security')}>
            <option value="wpa2">{t.wifiSecurity.wpa2}</option>
            <option value="open">{t.wifiSecurity.open}</option>
          </select>
          <FieldError errors={errors} field="security" />
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
              {...fieldProps(errors, 'password', true)}
            />
            <span id="wifi-password-help" className="device-help">
              {t.wifiPasswordHelp}
            </span>
            <FieldError errors={errors} field="password" />
          </label>
        )}
        {draft.security === 'wpa2' && (
          <label className="check">
            <input type="checkbox" checked={showPassword} onChange={(e) => setShowPassword(e.target.checked)} /> {t.wifiShowPassword}
          </label>
        )}

        <WifiRadioFields wifi={wifi} draft={draft} errors={errors} set={set} />

        <label>
          {t.wifiFields.maxPhones}
          <input className="input" type="number" inputMode="numeric" min={1} max={WIFI_MAX_PHONES_MAX} required value={draft.maxPhones} onChange={(e) => set({ maxPhones: e.target.value })} {...fieldProps(errors, 'maxPhones', true)} />
          <span id="wifi-maxPhones-help" className="device-help">
            {t.wifiMaxPhonesHelp}
          </span>
          <FieldError errors={errors} field="maxPhones" />
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
