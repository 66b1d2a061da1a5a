import type { CreatedEnrolmentToken, EnrolmentToken } from '@kit/contract';
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { createEnrolmentToken, listEnrolmentTokens, revokeEnrolmentToken } from './sync-api.ts';
import { esSync } from '../../i18n/es-sync.ts';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { syncErrorText } from './use-sync-status.ts';

const t = esSync.enrolment;

/** The text of a token just made, shown this once (the hub keeps only its digest); copying needs HTTPS, selecting does not. */
function NewTokenText({ created }: { created: CreatedEnrolmentToken }) {
  const clipboard = typeof navigator !== 'undefined' && window.isSecureContext ? navigator.clipboard : undefined;
  return (
    <div role="status">
      <p>{t.created}</p>
      <label>
        {t.text}
        <textarea readOnly rows={2} value={created.text} data-testid="enrolment-token-text" onFocus={(e) => e.currentTarget.select()} />
      </label>
      {clipboard && (
        <button type="button" className="button button--light" onClick={() => void clipboard.writeText(created.text).then(() => notifySuccess(t.copied), () => undefined)}>
          {t.copy}
        </button>
      )}
    </div>
  );
}

/** A hub's enrolment tokens (docs/SYNC.md): make one for so many kits and days, see its uses and expiry, revoke it. */
export function EnrolmentTokensPanel() {
  const [tokens, setTokens] = useState<EnrolmentToken[]>([]);
  const [created, setCreated] = useState<CreatedEnrolmentToken | null>(null);
  const [form, setForm] = useState({ label: '', uses: 1, days: 30 });

  const reload = useCallback(() => listEnrolmentTokens().then(setTokens, (err: unknown) => notifyError(syncErrorText(err))), []);
  useEffect(() => void reload(), [reload]);

  const onCreate = async (e: FormEvent) => {
    e.preventDefault();
    try {
      setCreated(await createEnrolmentToken({ ...(form.label.trim() ? { label: form.label.trim() } : {}), uses: form.uses, days: form.days }));
      await reload();
    } catch (err) {
      notifyError(syncErrorText(err));
    }
  };
  const onRevoke = (id: number) =>
    void revokeEnrolmentToken(id).then(
      () => {
        notifySuccess(t.revoked);
        return reload();
      },
      (err: unknown) => notifyError(syncErrorText(err)),
    );

  return (
    <section aria-labelledby="enrolment-tokens" data-testid="enrolment-tokens">
      <h2 id="enrolment-tokens">{t.title}</h2>
      <p>{t.intro}</p>
      <form className="admin-form" onSubmit={(e) => void onCreate(e)}>
        <label>{t.label}<input value={form.label} maxLength={80} onChange={(e) => setForm({ ...form, label: e.target.value })} /></label>
        <label>{t.uses}<input type="number" min={1} max={1000} required value={form.uses} onChange={(e) => setForm({ ...form, uses: Number(e.target.value) })} /></label>
        <label>{t.days}<input type="number" min={1} max={365} required value={form.days} onChange={(e) => setForm({ ...form, days: Number(e.target.value) })} /></label>
        <button type="submit" className="button">{t.create}</button>
      </form>
      {created && <NewTokenText created={created} />}
      {tokens.length === 0 ? (
        <p>{t.none}</p>
      ) : (
        <table className="admin-table">
          <thead>
            <tr>
              <th>{t.name}</th>
              <th>{t.usesLeft}</th>
              <th>{t.expires}</th>
              <th>{t.state}</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {tokens.map((token) => (
              <tr key={token.id}>
                <td>{token.label || t.unnamed(token.id)}</td>
                <td>{t.usesOf(token.usesLeft, token.usesTotal)}</td>
                <td>{new Date(token.expiresAt).toLocaleDateString('es')}</td>
                <td>{t.states[token.state] ?? token.state}</td>
                <td>
                  {token.state === 'active' && (
                    <button type="button" className="button" onClick={() => onRevoke(token.id)}>
                      {t.revoke}
                    </button>
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
