import { useId } from 'react';
import { esAdmin } from '../../i18n/es-admin.ts';

const t = esAdmin.data;

export interface UploadQuotaFieldProps {
  /** MiB; null: no limit */
  value: number | null;
  onChange: (value: number | null) => void;
}

/** /admin/data: each user's storage for uploads (docs/API-contributions.md "Storage quota"); empty means no limit. */
export function UploadQuotaField({ value, onChange }: UploadQuotaFieldProps) {
  const helpId = useId();
  return (
    <>
      <label>
        {t.uploadQuota}
        <input
          className="input"
          type="number"
          inputMode="numeric"
          min={1}
          step={1}
          value={value ?? ''}
          aria-describedby={helpId}
          onChange={(e) => onChange(e.target.value === '' ? null : Math.floor(Number(e.target.value)))}
        />
      </label>
      <small id={helpId}>{t.uploadQuotaHelp}</small>
    </>
  );
}
