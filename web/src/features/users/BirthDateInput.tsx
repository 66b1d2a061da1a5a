import { useRef, useState } from 'react';
import { esAccounts } from '../../i18n/es-accounts.ts';

/** Digits typed so far shown as DD/MM/YYYY: "2005" → "20/05", "20051990" → "20/05/1990". */
export function maskDate(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 8);
  return [digits.slice(0, 2), digits.slice(2, 4), digits.slice(4)].filter(Boolean).join('/');
}

/** How a value shows: YYYY-MM-DD as DD/MM/YYYY, anything else as typed. */
export function displayDate(value: string): string {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return iso ? `${iso[3]}/${iso[2]}/${iso[1]}` : maskDate(value);
}

/**
 * What the form holds for a typed date: '' when empty, YYYY-MM-DD once the
 * eight digits are there (the rules then judge it), else the partial text.
 */
export function typedDateValue(masked: string): string {
  const digits = masked.replace(/\D/g, '');
  if (digits === '') return '';
  if (digits.length < 8) return masked;
  return `${digits.slice(4, 8)}-${digits.slice(2, 4)}-${digits.slice(0, 2)}`;
}

/** Whether this browser can open its own calendar for a hidden date input. */
const canShowPicker = typeof HTMLInputElement !== 'undefined' && 'showPicker' in HTMLInputElement.prototype;

export interface BirthDateInputProps {
  id: string;
  /** YYYY-MM-DD, '' or the partial text being typed */
  value: string;
  /** YYYY-MM-DD: later days cannot be picked */
  max: string;
  min: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  ariaInvalid?: boolean;
  ariaDescribedBy?: string;
}

/**
 * docs/PRODUCT.md#profile-form birth date: shown DD/MM/YYYY whatever the phone's language, kept
 * YYYY-MM-DD. Typed (digits only, the slashes come by themselves), or picked
 * in the phone's calendar where future days are disabled.
 */
export function BirthDateInput({ id, value, max, min, onChange, onBlur, ariaInvalid, ariaDescribedBy }: BirthDateInputProps) {
  const picker = useRef<HTMLInputElement>(null);
  // What the field shows: the value as DD/MM/YYYY, or the text being typed.
  const [typed, setTyped] = useState<{ text: string; value: string } | null>(null);
  const text = typed && typed.value === value ? typed.text : displayDate(value);

  return (
    <div className="date-row">
      <input
        id={id}
        className="input"
        type="text"
        inputMode="numeric"
        autoComplete="bday"
        placeholder={esAccounts.profile.bornDatePlaceholder}
        maxLength={10}
        value={text}
        aria-invalid={ariaInvalid}
        aria-describedby={ariaDescribedBy}
        onChange={(event) => {
          const masked = maskDate(event.target.value);
          const next = typedDateValue(masked);
          setTyped({ text: masked, value: next });
          onChange(next);
        }}
        onBlur={onBlur}
      />
      {canShowPicker && (
        <>
          <button
            type="button"
            className="button button--light date-row__calendar"
            aria-label={esAccounts.profile.bornDateCalendar}
            onClick={() => picker.current?.showPicker()}
          >
            <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
              <path
                fill="currentColor"
                d="M7 2h2v2h6V2h2v2h3a1 1 0 0 1 1 1v15a1 1 0 0 1-1 1H4a1 1 0 0 1-1-1V5a1 1 0 0 1 1-1h3V2zm12 8H5v9h14v-9zM5 8h14V6H5v2z"
              />
            </svg>
          </button>
          <input
            ref={picker}
            className="date-row__picker"
            type="date"
            tabIndex={-1}
            aria-hidden="true"
            min={min}
            max={max}
            value={/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : ''}
            onChange={(event) => {
              setTyped(null);
              onChange(event.target.value);
              onBlur();
            }}
          />
        </>
      )}
    </div>
  );
}
