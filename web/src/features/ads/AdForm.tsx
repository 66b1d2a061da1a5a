import { AD_CATEGORIES, AD_CONTACT_MAX, AD_EXPIRY_DAYS, AD_TEXT_MAX, AD_TEXT_MIN, AD_TITLE_MAX, AD_TITLE_MIN, type AdCategory } from '@kit/contract/portal-data';
import type { CreateAd } from '@kit/contract';
import { useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { postAd, uploadAdImage } from './ads-api.ts';
import { esPortal } from '../../i18n/es-portal.ts';
import { Field, fieldAria, FormFailure, SubmitButton } from '../../ui/forms/Field.tsx';
import { useForm } from '../../ui/forms/use-form.ts';
import { FileField } from '../../ui/forms/FileField.tsx';
import { fill } from '../../ui/fill.ts';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { portalErrorMessage } from '../portal/portal-errors.ts';
import { useSession } from '../../session/session-store.ts';
import { EMPTY_AD, toCreateAd, validateAd } from './ad-form.ts';

const t = esPortal.ads.form;

/** The notice form: sent for moderation (an admin's is published at once), its picture uploaded after. */
export function AdForm() {
  const navigate = useNavigate();
  const { isAdmin } = useSession();
  const form = useForm(EMPTY_AD, validateAd);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    if (!form.trySubmit(event, sending)) return;
    setSending(true);
    setFailure(null);
    try {
      const ad = await postAd(toCreateAd(form.values));
      if (form.values.image) {
        try {
          await uploadAdImage(ad.id, form.values.image, form.values.image.name);
        } catch (error) {
          notifyError(portalErrorMessage(error, t.imageFailed));
        }
      }
      notifySuccess(ad.status === 'published' ? t.published : t.sent);
      await navigate('/anuncios');
    } catch (error) {
      setFailure(portalErrorMessage(error, t.failed));
      setSending(false);
    }
  };

  return (
    <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
      <Field id="ad-title" label={t.titleLabel} error={form.shown('title')} help={fill(t.titleHelp, { min: AD_TITLE_MIN, max: AD_TITLE_MAX })} required>
        <input
          {...fieldAria('ad-title', form.shown('title'), true)}
          className="input"
          maxLength={AD_TITLE_MAX}
          {...form.bind('title')}
        />
      </Field>
      <Field id="ad-text" label={t.text} error={form.shown('text')} help={fill(t.textHelp, { min: AD_TEXT_MIN, max: AD_TEXT_MAX })} required>
        <textarea
          {...fieldAria('ad-text', form.shown('text'), true)}
          className="input textarea"
          maxLength={AD_TEXT_MAX}
          {...form.bind('text')}
        />
      </Field>
      <Field id="ad-contact" label={t.contact} error={form.shown('contact')} help={t.contactHelp} required>
        <input
          {...fieldAria('ad-contact', form.shown('contact'), true)}
          className="input"
          maxLength={AD_CONTACT_MAX}
          {...form.bind('contact')}
        />
      </Field>
      <Field id="ad-category" label={t.category}>
        <select id="ad-category" className="input" value={form.values.category} onChange={(event) => form.update({ category: event.target.value as AdCategory })}>
          {AD_CATEGORIES.map((category) => (
            <option key={category} value={category}>
              {esPortal.ads.categories[category]}
            </option>
          ))}
        </select>
      </Field>
      <Field id="ad-expiry" label={t.expiry}>
        <select
          id="ad-expiry"
          className="input"
          value={form.values.expiresInDays}
          onChange={(event) => form.update({ expiresInDays: Number(event.target.value) as CreateAd['expiresInDays'] })}
        >
          {AD_EXPIRY_DAYS.map((days) => (
            <option key={days} value={days}>
              {fill(t.days, { n: days })}
            </option>
          ))}
        </select>
      </Field>
      <FileField
        id="ad-image"
        label={t.image}
        help={t.imageHelp}
        error={form.shown('image')}
        accept="image/jpeg,image/png,image/gif,image/webp"
        onChange={(image) => {
          form.update({ image });
          form.touch('image');
        }}
      />
      <FormFailure message={failure} />
      <div className="account-form__actions">
        <SubmitButton busy={sending} label={isAdmin ? t.submitAdmin : t.submit} busyLabel={t.submitting} />
      </div>
    </form>
  );
}
