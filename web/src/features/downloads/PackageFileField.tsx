import { esPortal } from '../../i18n/es-portal.ts';
import { FileField } from '../../ui/forms/FileField.tsx';
import { packageSizeError } from './use-package-admin.ts';

export interface PackageFileFieldProps {
  id: string;
  /** the file types the picker offers */
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
}

/** A package's file: «Elegir archivo», required, and refused at once when it is over the size limit. */
export function PackageFileField({ id, accept, file, onChange }: PackageFileFieldProps) {
  return <FileField id={id} label={esPortal.common.chooseFile} required accept={accept} error={packageSizeError(file)} onChange={onChange} />;
}
