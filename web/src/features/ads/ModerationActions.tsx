import type { Ad, ModerateAd } from '@kit/contract';
import { AD_REASON_MAX, AD_TRANSITIONS } from '@kit/contract/portal-data';
import { useId, useState } from 'react';
import { useRevalidator } from 'react-router';
import { moderateAd } from './ads-api.ts';
import { esPortal } from '../../i18n/es-portal.ts';
import { fill } from '../../ui/fill.ts';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { portalErrorMessage } from '../portal/portal-errors.ts';

const t = esPortal.ads.moderation;
const LABELS: Record<ModerateAd['status'], string> = { published: t.publish, rejected: t.reject, blocked: t.block };

/** The moves a notice allows from its state (AD_TRANSITIONS), with an optional reason for its author. */
export function ModerationActions({ ad }: { ad: Ad }) {
  const revalidator = useRevalidator();
  const reasonId = useId();
  const [reason, setReason] = useState(ad.statusReason ?? '');
  const [busy, setBusy] = useState(false);
  const moves = AD_TRANSITIONS[ad.status];
  if (moves.length === 0) return null;

  const apply = async (status: ModerateAd['status']) => {
    setBusy(true);
    try {
      const updated = await moderateAd(ad.id, { status, reason: reason.trim() || undefined });
      notifySuccess(fill(t.done, { status: esPortal.ads.status[updated.status] }));
      await revalidator.revalidate();
    } catch (error) {
      notifyError(portalErrorMessage(error, t.failed));
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="moderation-actions">
      {moves.some((move) => move !== 'published') && (
        <>
          <label className="field__label" htmlFor={reasonId}>
            {t.reasonLabel}
          </label>
          <input id={reasonId} className="input" maxLength={AD_REASON_MAX} value={reason} onChange={(event) => setReason(event.target.value)} />
        </>
      )}
      <div className="moderation-actions__buttons">
        {moves.map((move) => (
          <button key={move} type="button" className={move === 'published' ? 'button' : 'button button--light'} disabled={busy} onClick={() => void apply(move)}>
            {LABELS[move]}
          </button>
        ))}
      </div>
    </div>
  );
}
