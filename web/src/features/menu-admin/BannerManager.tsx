import type { Banner } from '@kit/contract';
import { BANNER_MAX_BYTES, BANNER_SLOTS, type BannerSlot } from '@kit/contract/portal-data';
import { useState } from 'react';
import { removeBanner, uploadBanner } from '../../api/menu-admin.ts';
import { esPortal } from '../../i18n/es-portal.ts';
import { DeleteDialog } from '../../ui/modal/DeleteDialog.tsx';
import { fill } from '../../ui/fill.ts';
import { formatFileSize } from '../../ui/format.ts';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { portalErrorMessage } from '../portal/portal-errors.ts';

const t = esPortal.menuEditor;

/**
 * The menu's top, bottom and phone banners and the library's publicity
 * banners (docs/PRODUCT.md#menu-banners), on /admin/menu and /admin/data. The server checks each
 * image and serves it at once; ONCHANGED reloads the list shown here.
 */
export function BannerManager({ banners, onChanged }: { banners: readonly Banner[]; onChanged: () => Promise<unknown> }) {
  const [busy, setBusy] = useState<BannerSlot | null>(null);
  const [removing, setRemoving] = useState<Banner | null>(null);

  const upload = async (slot: BannerSlot, input: HTMLInputElement) => {
    const file = input.files?.[0];
    if (!file) return;
    if (file.size > BANNER_MAX_BYTES) {
      notifyError(fill(esPortal.common.fileTooBig, { max: formatFileSize(BANNER_MAX_BYTES) }));
      input.value = '';
      return;
    }
    setBusy(slot);
    try {
      await uploadBanner(slot, file, file.name);
      notifySuccess(t.bannerUploaded);
      await onChanged();
    } catch (error) {
      notifyError(portalErrorMessage(error, t.failed));
    } finally {
      input.value = '';
      setBusy(null);
    }
  };

  const remove = async (banner: Banner) => {
    try {
      await removeBanner(banner.id);
      notifySuccess(t.bannerRemoved);
      setRemoving(null);
      await onChanged();
    } catch (error) {
      notifyError(portalErrorMessage(error, t.failed));
    }
  };

  return (
    <section className="surface banner-manager" aria-labelledby="banners-title">
      <h2 id="banners-title">{t.banners}</h2>
      <p className="portal-page__intro">{t.bannersIntro}</p>
      {BANNER_SLOTS.map((slot) => {
        const ofSlot = banners.filter((banner) => banner.slot === slot && banner.active);
        return (
          <div key={slot} className="banner-slot">
            <h3>{t.bannerSlots[slot]}</h3>
            {ofSlot.length === 0 ? (
              <p className="portal-page__empty">{t.bannerNone}</p>
            ) : (
              <ul className="banner-slot__list">
                {ofSlot.map((banner) => (
                  <li key={banner.id}>
                    <img src={banner.imageUrl} alt={t.bannerSlots[slot]} loading="lazy" />
                    <button type="button" className="button button--light" onClick={() => setRemoving(banner)}>
                      {esPortal.common.delete}
                    </button>
                  </li>
                ))}
              </ul>
            )}
            <label className="button button--light banner-slot__upload">
              {busy === slot ? esPortal.common.uploading : t.bannerUpload}
              <input
                className="visually-hidden"
                type="file"
                accept="image/jpeg,image/png,image/gif,image/webp"
                disabled={busy !== null}
                onChange={(event) => void upload(slot, event.currentTarget)}
              />
            </label>
          </div>
        );
      })}
      {removing && <DeleteDialog wording={t.bannerWording} onConfirm={() => remove(removing)} onCancel={() => setRemoving(null)} />}
    </section>
  );
}
