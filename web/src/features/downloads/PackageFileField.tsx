import { esPortal } from '../../i18n/es-portal.ts';
import { FileField } from '../../ui/forms/FileField.tsx';

export interface PackageFileFieldProps {
  id: string;
  /** the file types the picker offers */
  accept: string;
  /** packageSizeError of the chosen file, which the form also needs to hold its button */
  error: string | null;
  onChange: (file: File | null) => void;
}

/** A package's file: «Elegir archivo», required, and refused at once when it is over the size limit. */
export function PackageFileField({ id, accept, error, onChange }: PackageFileFieldProps) {
  return <FileField id={id} label={esPortal.common.chooseFile} required accept={accept} error={error} onChange={onChange} />;
}
