import type { SyncStatus } from '@kit/contract';
import { useState, type FormEvent } from 'react';
import { addTrustedKey, removeTrustedKey } from './sync-api.ts';
import { esSync as t } from '../../i18n/es-sync.ts';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { syncErrorText } from './use-sync-status.ts';

/** The kit's own public key, the publishers it trusts, and the form to trust one more. */
export function TrustedKeys({ status, refresh }: { status: SyncStatus; refresh: () => Promise<void> }) {
  const [newKey, setNewKey] = useState({ label: '', publicKey: '' });

  const onAddKey = async (e: FormEvent) => {
    e.preventDefault();
    try {
      await addTrustedKey(newKey.publicKey, newKey.label);
      setNewKey({ label: '', publicKey: '' });
      notifySuccess(t.keys.added);
      await refresh();
    } catch (err) {
      notifyError(syncErrorText(err));
    }
  };

  return (
    <>
      <label className="sync-own-key">
        {t.keys.own}
        <textarea readOnly rows={2} value={status.kit.publicKey} data-testid="own-key" />
      </label>
      {status.trustedKeys.length === 0 ? <p>{t.keys.none}</p> : (
        <ul data-testid="trusted-keys">
          {status.trustedKeys.map((k) => (
            <li key={k.keyId}>
              {k.label} <code>{k.keyId}</code>{' '}
              <button
                type="button"
                className="button"
                onClick={() => void removeTrustedKey(k.keyId).then(() => { notifySuccess(t.keys.removed); return refresh(); }, (err: unknown) => notifyError(syncErrorText(err)))}
              >
                {t.keys.remove}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="admin-form" onSubmit={(e) => void onAddKey(e)}>
        <label>{t.keys.label}<input value={newKey.label} onChange={(e) => setNewKey({ ...newKey, label: e.target.value })} maxLength={100} required /></label>
        <label>{t.keys.key}<textarea value={newKey.publicKey} onChange={(e) => setNewKey({ ...newKey, publicKey: e.target.value })} rows={2} required /></label>
        <button type="submit" className="button">{t.keys.add}</button>
      </form>
    </>
  );
}
