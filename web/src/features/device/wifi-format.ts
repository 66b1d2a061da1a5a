import { esDevice } from '../../i18n/es-device.ts';

const regions = new Intl.DisplayNames(['es'], { type: 'region' });

/** "Perú (PE)": the country's Spanish name from the browser's own data, and its code. */
export function countryLabel(code: string): string {
  let name: string | undefined;
  try {
    name = regions.of(code);
  } catch {
    name = undefined;
  }
  return name && name !== code ? `${name} (${code})` : code;
}

/** "Perú" alone, for sentences. */
export function countryName(code: string): string {
  return countryLabel(code).replace(/ \([A-Z0-9]{2}\)$/, '');
}

/** 173 → "2:53". */
export const formatCountdown = (seconds: number): string => esDevice.minutesSeconds(seconds);
