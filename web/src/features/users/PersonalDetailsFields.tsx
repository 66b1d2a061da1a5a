import type { Country } from '@kit/contract';
import { esAccounts } from '../../i18n/es-accounts.ts';
import { Field, fieldAria, RequiredMark } from '../../ui/forms/Field.tsx';
import { BirthDateInput } from './BirthDateInput.tsx';
import { phonePlaceholder } from './countries.ts';
import {
  BORN_DATE_MIN,
  GENDER_CODES,
  PHONE_MAX,
  sanitizePhone,
  type PersonalDetailsField,
  type PersonalDetailsValues,
} from './profile-validation.ts';

/** What the fields need of the form around them (useForm gives it). */
export interface PersonalDetailsForm {
  values: PersonalDetailsValues;
  /** the message to show per field, or null */
  shown: (field: PersonalDetailsField) => string | null;
  update: (patch: Partial<PersonalDetailsValues>) => void;
  touch: (field: PersonalDetailsField) => void;
}

export interface PersonalDetailsFieldsProps {
  idPrefix: string;
  form: PersonalDetailsForm;
  countries: readonly Country[];
  /** YYYY-MM-DD: later dates cannot be picked */
  today: string;
}

/**
 * docs/PRODUCT.md#profile-form profile form fields: gender (required), birth date (required, no
 * future dates, shown DD/MM/YYYY, kept YYYY-MM-DD), phone (marked obligatory, at least 7 digits,
 * digits and dots only) with its country code (+51 by default).
 */
export function PersonalDetailsFields({ idPrefix, form, countries, today }: PersonalDetailsFieldsProps) {
  const { values, shown: errorOf, update: onChange, touch: onBlur } = form;
  const genderError = errorOf('gender');
  const bornId = `${idPrefix}-born-date`;
  const phoneId = `${idPrefix}-phone`;
  return (
    <>
      <fieldset className={genderError ? 'field field--invalid' : 'field'} aria-describedby={genderError ? `${idPrefix}-gender-error` : undefined}>
        <legend className="field__label">
          {esAccounts.profile.gender}
          <RequiredMark />
        </legend>
        <div className="choice-group" role="radiogroup" aria-label={esAccounts.profile.gender}>
          {GENDER_CODES.map((code) => (
            <label key={code} className="choice">
              <input
                type="radio"
                name={`${idPrefix}-gender`}
                value={code}
                checked={values.gender === code}
                onChange={() => onChange({ gender: code })}
                onBlur={() => onBlur('gender')}
              />
              {esAccounts.profile.genders[code]}
            </label>
          ))}
        </div>
        {genderError && (
          <p id={`${idPrefix}-gender-error`} className="field__error">
            {genderError}
          </p>
        )}
      </fieldset>

      <Field id={bornId} label={esAccounts.profile.bornDate} required error={errorOf('born_date')}>
        <BirthDateInput
          id={bornId}
          value={values.born_date}
          min={BORN_DATE_MIN}
          max={today}
          onChange={(born_date) => onChange({ born_date })}
          onBlur={() => onBlur('born_date')}
          ariaInvalid={errorOf('born_date') ? true : undefined}
          ariaDescribedBy={errorOf('born_date') ? `${bornId}-error` : undefined}
        />
      </Field>

      <Field id={phoneId} label={esAccounts.profile.phone} required error={errorOf('phone_number')} help={esAccounts.profile.phoneHelp}>
        <div className="phone-row">
          <select
            className="input phone-row__code"
            aria-label={esAccounts.profile.countryCode}
            value={values.code_phone}
            onChange={(event) => onChange({ code_phone: event.target.value })}
          >
            {countries.map((country) => (
              <option key={country.code} value={country.code}>
                {`${country.flag} ${country.code}`}
              </option>
            ))}
          </select>
          <input
            {...fieldAria(phoneId, errorOf('phone_number'), esAccounts.profile.phoneHelp)}
            className="input"
            type="tel"
            inputMode="decimal"
            autoComplete="tel-national"
            maxLength={PHONE_MAX}
            placeholder={phonePlaceholder(countries, values.code_phone)}
            value={values.phone_number}
            onChange={(event) => onChange({ phone_number: sanitizePhone(event.target.value) })}
            onBlur={() => onBlur('phone_number')}
          />
        </div>
      </Field>
    </>
  );
}
