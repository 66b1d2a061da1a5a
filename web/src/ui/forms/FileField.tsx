import { useEffect, useRef, useState } from 'react';
import { es } from '../../i18n/es.ts';
import { fieldAria, Field } from './Field.tsx';

export interface FileFieldProps {
  id: string;
  label: string;
  help?: string;
  error?: string | null;
  /** the file kinds the picker offers (the server checks the bytes anyway) */
  accept: string;
  required?: boolean;
  /** the form field's name, for a form read with FormData */
  name?: string;
  onChange?: (file: File | null) => void;
}

/**
 * The portal's file field, for every form that takes a file: a labelled
 * button «Elegir archivo» and the chosen file's name, in place of the
 * browser's bare picker (its own words, its own look). The real input stays
 * in the form, hidden but focusable, so FormData and the keyboard work as with any
 * input.
 */
export function FileField({ id, label, help, error, accept, required = false, name, onChange }: FileFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  useEffect(() => {
    // A form that resets itself (after a successful send) empties the input: say so.
    const form = input.current?.form;
    const clear = () => setChosen(null);
    form?.addEventListener('reset', clear);
    return () => form?.removeEventListener('reset', clear);
  }, []);
  return (
    <Field id={id} label={label} help={help} error={error} required={required}>
      <div className="file-field">
        <input
          {...fieldAria(id, error, help)}
          ref={input}
          className="file-field__input visually-hidden"
          type="file"
          name={name}
          accept={accept}
          onChange={(event) => {
            const file = event.target.files?.[0] ?? null;
            setChosen(file?.name ?? null);
            onChange?.(file);
          }}
        />
        <label htmlFor={id} className="button button--light file-field__button" aria-hidden="true">
          {es.fileField.choose}
        </label>
        <span className="file-field__name">{chosen ?? es.fileField.none}</span>
      </div>
    </Field>
  );
}
