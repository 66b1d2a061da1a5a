import { CONTACT_MESSAGE_MAX, CONTACT_MESSAGE_MIN, CONTACT_NAME_MAX, CONTACT_REPLY_TO_MAX } from '@kit/contract/portal-data';
import { esPortal } from '../../i18n/es-portal.ts';
import type { FieldErrors } from '../../ui/forms/use-form.ts';
import { fill } from '../../ui/fill.ts';

export interface ContactValues {
  name: string;
  replyTo: string;
  message: string;
}

export type ContactField = keyof ContactValues;

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
/** A phone number as people type it: digits with spaces, dots or dashes, at least 7 digits. */
const PHONE = /^\+?[0-9 .-]+$/;

/** Somewhere to answer: an e-mail address or a phone number. */
export function isReplyAddress(value: string): boolean {
  const text = value.trim();
  if (text.length > CONTACT_REPLY_TO_MAX) return false;
  return EMAIL.test(text) || (PHONE.test(text) && text.replace(/\D/g, '').length >= 7);
}

/** The contact form's rules, the server's bounds (server/contract/src/portal-data.ts). */
export function validateContact(values: ContactValues): FieldErrors<ContactField> {
  const errors: FieldErrors<ContactField> = {};
  const name = values.name.trim();
  if (name === '' || name.length > CONTACT_NAME_MAX) errors.name = esPortal.help.contact.nameRequired;
  if (!isReplyAddress(values.replyTo)) errors.replyTo = esPortal.help.contact.replyToInvalid;
  const length = values.message.trim().length;
  if (length < CONTACT_MESSAGE_MIN || length > CONTACT_MESSAGE_MAX) {
    errors.message = fill(esPortal.help.contact.messageInvalid, { min: CONTACT_MESSAGE_MIN, max: CONTACT_MESSAGE_MAX });
  }
  return errors;
}
