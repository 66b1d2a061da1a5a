import type { Country } from '@kit/contract';
import { useEffect, useState } from 'react';
import { getFastAccessServices } from '../../api/portal.ts';
import { DEFAULT_CODE_PHONE } from './profile-validation.ts';

/** docs/PRODUCT.md#profile-form countries, used until GET /v3/fastAccessServices answers (or when the kit cannot be reached). */
export const FALLBACK_COUNTRIES: readonly Country[] = [
  { code: '+51', numberCode: '51', flag: '🇵🇪', name: 'Perú', placeholder: '987654321' },
  { code: '+502', numberCode: '502', flag: '🇬🇹', name: 'Guatemala', placeholder: '45678912' },
  { code: '+1', numberCode: '1', flag: '🇺🇸', name: 'Estados Unidos', placeholder: '5551234567' },
];

/** docs/PRODUCT.md#profile-form placeholder of the phone input for a country code: "+51 987654321". */
export function phonePlaceholder(countries: readonly Country[], code: string): string {
  const country = countries.find((c) => c.code === code) ?? countries.find((c) => c.code === DEFAULT_CODE_PHONE) ?? countries[0];
  return country ? `${country.code} ${country.placeholder}` : '';
}

let cached: readonly Country[] | null = null;

/** The countries a phone number may belong to: countriesAvailable of GET /v3/fastAccessServices. */
export function useCountries(): readonly Country[] {
  const [countries, setCountries] = useState<readonly Country[]>(cached ?? FALLBACK_COUNTRIES);
  useEffect(() => {
    if (cached) return;
    const controller = new AbortController();
    getFastAccessServices(controller.signal).then(
      (services) => {
        if (services.countriesAvailable.length > 0) {
          cached = services.countriesAvailable;
          setCountries(cached);
        }
      },
      () => undefined,
    );
    return () => controller.abort();
  }, []);
  return countries;
}
