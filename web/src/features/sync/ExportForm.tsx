import type { Category, SyncStatus } from '@kit/contract';
import { useEffect, useState, type FormEvent } from 'react';
import { getCategoryTypes } from '../../api/library.ts';
import { startExport } from './sync-api.ts';
import { esSync as t } from '../../i18n/es-sync.ts';
import { notifyError } from '../../ui/notifications/notifications-store.ts';

interface ExportFormProps {
  drives: SyncStatus['drives'];
  running: boolean;
  follow: (start: () => Promise<{ id: number }>) => Promise<void>;
}

/** Export a pack of the whole library or of chosen categories, to download or onto a USB drive. */
export function ExportForm({ drives, running, follow }: ExportFormProps) {
  const [categories, setCategories] = useState<Category[]>([]);
  const [scope, setScope] = useState<'whole' | 'chosen'>('whole');
  const [chosen, setChosen] = useState<number[]>([]);
  const [destination, setDestination] = useState('');

  useEffect(() => {
    const ctrl = new AbortController();
    getCategoryTypes(false, ctrl.signal).then(setCategories, () => undefined);
    return () => ctrl.abort();
  }, []);

  const onExport = (e: FormEvent) => {
    e.preventDefault();
    if (scope === 'chosen' && chosen.length === 0) return notifyError(t.export.noCategory);
    void follow(() => startExport(scope === 'chosen' ? chosen : null, destination || null));
  };

  return (
    <form className="admin-form" onSubmit={onExport}>
      <label className="check"><input type="radio" name="scope" checked={scope === 'whole'} onChange={() => setScope('whole')} />{t.export.whole}</label>
      <label className="check"><input type="radio" name="scope" checked={scope === 'chosen'} onChange={() => setScope('chosen')} />{t.export.chosen}</label>
      {scope === 'chosen' && (
        <fieldset className="sync-categories">
          <legend>{t.export.categories}</legend>
          {categories.map((c) => (
            <label key={c.id} className="check">
              <input
                type="checkbox"
                checked={chosen.includes(c.id)}
                onChange={(e) => setChosen(e.target.checked ? [...chosen, c.id] : chosen.filter((id) => id !== c.id))}
              />
              {c.name}
            </label>
          ))}
        </fieldset>
      )}
      <label>
        {t.export.destination}
        <select value={destination} onChange={(e) => setDestination(e.target.value)}>
          <option value="">{t.export.download}</option>
          {drives.map((d) => <option key={d.path} value={d.path}>{t.export.usb(d.label)}</option>)}
        </select>
      </label>
      <button type="submit" className="button" disabled={running}>{t.export.start}</button>
    </form>
  );
}
