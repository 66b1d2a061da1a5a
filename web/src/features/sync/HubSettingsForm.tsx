import type { SyncSettings, SyncStatus } from '@kit/contract';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../api/client.ts';
import { saveSyncSettings } from './sync-api.ts';
import { esSync as t } from '../../i18n/es-sync.ts';
import { Field, fieldAria, FormFailure } from '../../ui/forms/Field.tsx';
import { notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { syncErrorText } from './use-sync-status.ts';

type FieldName = 'feedUrl' | 'uploadUrl' | 'intervalHours';
interface Draft {
  feedUrl: string;
  uploadUrl: string;
  intervalHours: string;
}
const draftOf = (hub: SyncSettings): Draft => ({ feedUrl: hub.feedUrl ?? '', uploadUrl: hub.uploadUrl ?? '', intervalHours: String(hub.intervalHours) });

/** The kit's refusal goes under the field it names (`body.feedUrl`…); anything else under the form. */
function placeOf(err: unknown): { field: FieldName | null; message: string } {
  const named = err instanceof ApiError ? (err.data as { field?: string } | null)?.field?.replace(/^body\./, '') : undefined;
  const field = named === 'feedUrl' || named === 'uploadUrl' || named === 'intervalHours' ? named : null;
  return { field, message: syncErrorText(err) };
}

/**
 * The hub this kit syncs with: its feed, where reports go, and how often it
 * syncs by itself. Starts from the saved values; the server checks them
 * (docs/SYNC.md "Hub sync") and the schedule follows at once.
 */
export function HubSettingsForm({ hub, refresh }: { hub: SyncStatus['hub']; refresh: () => Promise<void> }) {
  const [draft, setDraft] = useState(() => draftOf(hub));
  const [failure, setFailure] = useState<{ field: FieldName | null; message: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const errorOf = (field: FieldName) => (failure?.field === field ? failure.message : null);
  const bind = (field: FieldName) => ({
    ...fieldAria(`hub-${field}`, errorOf(field)),
    value: draft[field],
    onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [field]: e.target.value }),
  });

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    // An empty interval is 0 (by hand only); the kit checks the range, the page only that it is a number to send.
    const hours = draft.intervalHours.trim() || '0';
    if (!/^\d+$/.test(hours)) {
      setFailure({ field: 'intervalHours', message: t.hub.intervalNotNumber });
      return;
    }
    setSaving(true);
    setFailure(null);
    try {
      const saved = await saveSyncSettings({ feedUrl: draft.feedUrl, uploadUrl: draft.uploadUrl, intervalHours: Number(hours) });
      setDraft(draftOf(saved));
      notifySuccess(t.hub.saved);
      await refresh();
    } catch (err) {
      setFailure(placeOf(err));
    } finally {
      setSaving(false);
    }
  };

  return (
    <form className="admin-form" noValidate onSubmit={(e) => void onSubmit(e)} data-testid="hub-settings">
      <Field id="hub-feedUrl" label={t.hub.feed} error={errorOf('feedUrl')}>
        <input {...bind('feedUrl')} type="text" inputMode="url" autoComplete="off" placeholder={t.hub.none} maxLength={2000} />
      </Field>
      <Field id="hub-uploadUrl" label={t.hub.upload} error={errorOf('uploadUrl')}>
        <input {...bind('uploadUrl')} type="text" inputMode="url" autoComplete="off" placeholder={t.hub.none} maxLength={2000} />
      </Field>
      <Field id="hub-intervalHours" label={t.hub.interval} error={errorOf('intervalHours')}>
        <input {...bind('intervalHours')} type="text" inputMode="numeric" autoComplete="off" />
      </Field>
      <FormFailure message={failure && failure.field === null ? failure.message : null} />
      <button type="submit" className="button" disabled={saving}>{t.hub.save}</button>
    </form>
  );
}
