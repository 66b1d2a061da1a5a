import type { Ad, AdPage } from '@kit/contract';
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { withdrawAd } from './ads-api.ts';
import { esPortal } from '../../i18n/es-portal.ts';
import { ConfirmDialog } from '../../ui/modal/ConfirmDialog.tsx';
import { fill } from '../../ui/fill.ts';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { portalErrorMessage } from '../portal/portal-errors.ts';
import { AdCard } from './AdCard.tsx';

const t = esPortal.ads;

/** A logged-in user's own notices, in every state, each with the moderator's reason and a way to withdraw it. */
export function MyAds({ mine }: { mine: AdPage }) {
  const revalidator = useRevalidator();
  const [withdrawing, setWithdrawing] = useState<Ad | null>(null);

  const withdraw = async (ad: Ad) => {
    try {
      await withdrawAd(ad.id);
      notifySuccess(t.withdrawn);
      setWithdrawing(null);
      await revalidator.revalidate();
    } catch (error) {
      notifyError(portalErrorMessage(error, esPortal.common.loadFailed));
    }
  };

  return (
    <section className="my-ads" aria-labelledby="my-ads-title">
      <h2 id="my-ads-title">{t.mine}</h2>
      {mine.data.length === 0 ? (
        <p className="portal-page__empty">{t.mineEmpty}</p>
      ) : (
        <ul className="ad-list">
          {mine.data.map((ad) => (
            <li key={ad.id}>
              <AdCard
                ad={ad}
                showStatus
                actions={
                  <button type="button" className="button button--light" onClick={() => setWithdrawing(ad)}>
                    {t.withdraw}
                  </button>
                }
              />
            </li>
          ))}
        </ul>
      )}
      {withdrawing && (
        <ConfirmDialog
          title={fill(t.withdrawTitle, { title: withdrawing.title })}
          message={t.confirmWithdraw}
          confirmLabel={t.withdraw}
          workingLabel={t.withdrawing}
          onConfirm={() => withdraw(withdrawing)}
          onCancel={() => setWithdrawing(null)}
        />
      )}
    </section>
  );
}
