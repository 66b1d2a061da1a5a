import type { ReactNode } from 'react';
import { esAccounts } from '../../i18n/es-accounts.ts';
import './forms.css';

/** The aria attributes an input needs to point at its field's help and error texts. */
export function fieldAria(id: string, error: string | null | undefined, help?: ReactNode) {
  const describedBy = [help ? `${id}-help` : null, error ? `${id}-error` : null].filter(Boolean).join(' ');
  return {
    id,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

export interface FieldProps {
  id: string;
  label: string;
  /** shown under the input once the field has something to say */
  error?: string | null;
  help?: ReactNode;
  /** marks the field obligatory (docs/PRODUCT.md#profile-form) */
  required?: boolean;
  children: ReactNode;
}

/** A labelled form field: label, the input given as child, help text and error message. */
export function Field({ id, label, error, help, required, children }: FieldProps) {
  return (
    <div className={error ? 'field field--invalid' : 'field'}>
      <label className="field__label" htmlFor={id}>
        {label}
        {required && <RequiredMark />}
      </label>
      {children}
      {help && (
        <p id={`${id}-help`} className="field__help">
          {help}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error">
          {error}
        </p>
      )}
    </div>
  );
}

export interface TextFieldProps {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  maxLength: number;
  error?: string | null;
  required?: boolean;
}

/** A Field holding one line of text. */
export function TextField({ id, label, value, onChange, maxLength, error = null, required }: TextFieldProps) {
  return (
    <Field id={id} label={label} error={error} required={required}>
      <input {...fieldAria(id, error)} className="input" maxLength={maxLength} value={value} onChange={(event) => onChange(event.target.value)} />
    </Field>
  );
}

export function RequiredMark() {
  return (
    <span className="field__required">
      <span aria-hidden="true"> *</span>
      <span className="visually-hidden"> ({esAccounts.profile.required})</span>
    </span>
  );
}

/** Why a form could not be sent (the kit's refusal or no link), announced at once; nothing while there is none. */
export function FormFailure({ message }: { message: string | null | undefined }) {
  if (!message) return null;
  return (
    <p className="account-form__error" role="alert">
      {message}
    </p>
  );
}

export interface SubmitButtonProps {
  /** the form is being sent: the button says `busyLabel` and waits */
  busy: boolean;
  label: string;
  busyLabel: string;
  /** the form cannot be sent yet (a required file missing, a field invalid) */
  disabled?: boolean;
}

/** A form's own submit button, which says so while the form is on its way. */
export function SubmitButton({ busy, label, busyLabel, disabled = false }: SubmitButtonProps) {
  return (
    <button type="submit" className="button" disabled={busy || disabled}>
      {busy ? busyLabel : label}
    </button>
  );
}
