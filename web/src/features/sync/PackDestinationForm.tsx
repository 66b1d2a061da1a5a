import type { SyncStatus } from '@kit/contract';
import { useState } from 'react';
import { esSync } from '../../i18n/es-sync.ts';

/** Where a certificate pack goes (a download, or a USB drive) and the button that makes it. */
export function PackDestinationForm({
  drives,
  running,
  destinationLabel,
  submitLabel,
  onExport,
}: {
  drives: SyncStatus['drives'];
  running: boolean;
  destinationLabel: string;
  submitLabel: string;
  onExport: (drive: string | null) => void;
}) {
  const [destination, setDestination] = useState('');
  return (
    <form
      className="admin-form"
      onSubmit={(e) => {
        e.preventDefault();
        onExport(destination || null);
      }}
    >
      <label>
        {destinationLabel}
        <select value={destination} onChange={(e) => setDestination(e.target.value)}>
          <option value="">{esSync.export.download}</option>
          {drives.map((d) => (
            <option key={d.path} value={d.path}>
              {esSync.export.usb(d.label)}
            </option>
          ))}
        </select>
      </label>
      <button type="submit" className="button" disabled={running}>
        {submitLabel}
      </button>
    </form>
  );
}
