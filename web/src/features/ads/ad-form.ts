import {
  AD_CONTACT_MAX,
  AD_DEFAULT_EXPIRY_DAYS,
  AD_IMAGE_MAX_BYTES,
  AD_TEXT_MAX,
  AD_TEXT_MIN,
  AD_TITLE_MAX,
  AD_TITLE_MIN,
  type AdCategory,
} from '@kit/contract/portal-data';
import type { CreateAd } from '@kit/contract';
import { esPortal } from '../../i18n/es-portal.ts';
import type { FieldErrors } from '../../ui/forms/use-form.ts';
import { fill } from '../../ui/fill.ts';

export interface AdFormValues {
  title: string;
  text: string;
  contact: string;
  category: AdCategory;
  expiresInDays: CreateAd['expiresInDays'];
  image: File | null;
}

export type AdField = Exclude<keyof AdFormValues, 'category' | 'expiresInDays'>;

export const EMPTY_AD: AdFormValues = { title: '', text: '', contact: '', category: 'avisos', expiresInDays: AD_DEFAULT_EXPIRY_DAYS, image: null };

const IMAGE_TYPES = new Set(['image/jpeg', 'image/png', 'image/gif', 'image/webp']);
const within = (value: string, min: number, max: number): boolean => {
  const length = value.trim().length;
  return length >= min && length <= max;
};

/** The notice form's rules, the server's bounds (server/contract/src/portal-data.ts). */
export function validateAd(values: AdFormValues): FieldErrors<AdField> {
  const t = esPortal.ads.form;
  const errors: FieldErrors<AdField> = {};
  if (!within(values.title, AD_TITLE_MIN, AD_TITLE_MAX)) errors.title = fill(t.titleInvalid, { min: AD_TITLE_MIN, max: AD_TITLE_MAX });
  if (!within(values.text, AD_TEXT_MIN, AD_TEXT_MAX)) errors.text = fill(t.textInvalid, { min: AD_TEXT_MIN, max: AD_TEXT_MAX });
  if (!within(values.contact, 3, AD_CONTACT_MAX)) errors.contact = fill(t.contactInvalid, { max: AD_CONTACT_MAX });
  // The phone says what the file is; the server checks its bytes anyway.
  if (values.image && (values.image.size > AD_IMAGE_MAX_BYTES || !IMAGE_TYPES.has(values.image.type))) errors.image = t.imageInvalid;
  return errors;
}

/** What the server is sent: trimmed text, never the picture (it goes in a second call). */
export function toCreateAd(values: AdFormValues): CreateAd {
  return { title: values.title.trim(), text: values.text.trim(), contact: values.contact.trim(), category: values.category, expiresInDays: values.expiresInDays };
}
