import { fieldAria, Field } from './Field.tsx';

export interface FileFieldProps {
  id: string;
  label: string;
  help?: string;
  error?: string | null;
  /** the file kinds the picker offers (the server checks the bytes anyway) */
  accept: string;
  required?: boolean;
  onChange: (file: File | null) => void;
}

/** A labelled file picker for the portal's upload forms. */
export function FileField({ id, label, help, error, accept, required = false, onChange }: FileFieldProps) {
  return (
    <Field id={id} label={label} help={help} error={error} required={required}>
      <input {...fieldAria(id, error, help)} className="input" type="file" accept={accept} onChange={(event) => onChange(event.target.files?.[0] ?? null)} />
    </Field>
  );
}
