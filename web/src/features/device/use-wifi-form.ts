import type { WifiBand, WifiSecurity, WifiSettingsBody, WifiState } from '@kit/contract';
import { useState } from 'react';
import { ApiError } from '../../api/client.ts';
import { changeWifi } from '../../api/device.ts';
import { esDevice } from '../../i18n/es-device.ts';
import { notifyError } from '../../ui/notifications/notifications-store.ts';
import { deviceErrorMessage } from './device-errors.ts';

/** The Wi-Fi settings as the form edits them: numbers as the inputs give them, the password blank unless changed. */
export interface WifiDraft {
  ssid: string;
  security: WifiSecurity;
  password: string;
  country: string;
  band: WifiBand;
  channel: string;
  maxPhones: string;
}
export type WifiField = keyof WifiDraft;
export type WifiErrors = Partial<Record<WifiField, string>>;

const draftOf = (wifi: WifiState): WifiDraft => ({
  ssid: wifi.ssid,
  security: wifi.security,
  password: '',
  country: wifi.country ?? '',
  band: wifi.band,
  channel: String(wifi.channel),
  maxPhones: String(wifi.maxPhones),
});

const bodyOf = (draft: WifiDraft): WifiSettingsBody => ({
  ssid: draft.ssid,
  security: draft.security,
  ...(draft.security === 'wpa2' && draft.password !== '' ? { password: draft.password } : {}),
  channel: draft.channel === 'auto' ? 'auto' : Number(draft.channel),
  band: draft.band,
  country: draft.country,
  maxPhones: Number(draft.maxPhones),
});

/**
 * The Wi-Fi form's draft of WIFI, the server's refusals by field (a field's
 * goes once it changes), and whether the apply dialog is asking; `apply`
 * sends the draft, then `onApplied`.
 */
export function useWifiForm(wifi: WifiState, onApplied: () => void) {
  const [draft, setDraft] = useState<WifiDraft>(() => draftOf(wifi));
  const [errors, setErrors] = useState<WifiErrors>({});
  const [asking, setAsking] = useState(false);

  const set = (changes: Partial<WifiDraft>) => {
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
      for (const key of Object.keys(changes) as WifiField[]) delete kept[key];
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
      if (field in draft) setErrors({ [field]: error instanceof Error ? error.message : esDevice.failed });
      else notifyError(deviceErrorMessage(error, esDevice.failed));
    }
  };

  return { draft, errors, asking, setAsking, set, apply };
}
