import type { ClientConfig } from '@kit/contract';
import { CONTACT_MESSAGE_MAX, CONTACT_NAME_MAX, CONTACT_REPLY_TO_MAX } from '@kit/contract/portal-data';
import { useEffect, useState, type FormEvent } from 'react';
import { sendContactMessage } from './contact-api.ts';
import { getClientConfig } from '../../api/portal.ts';
import { esPortal } from '../../i18n/es-portal.ts';
import { Field, fieldAria, FormFailure, SubmitButton } from '../../ui/forms/Field.tsx';
import { useForm } from '../../ui/forms/use-form.ts';
import { Modal } from '../../ui/modal/Modal.tsx';
import { portalErrorMessage } from '../portal/portal-errors.ts';
import { validateContact, type ContactValues } from './contact-form.ts';
import './contact.css';

const EMPTY: ContactValues = { name: '', replyTo: '', message: '' };
const t = esPortal.help.contact;

/**
 * docs/PRODUCT.md#contact contact modal: the support e-mail and two phone numbers the admins
 * set, and a message form for them. On success it thanks the user and says
 * the reply will go to their e-mail.
 */
export function ContactModal({ onClose }: { onClose: () => void }) {
  const [config, setConfig] = useState<Pick<ClientConfig, 'contactEmail' | 'contactPhones'> | null>(null);
  const form = useForm(EMPTY, validateContact);
  const [sending, setSending] = useState(false);
  const [sent, setSent] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    getClientConfig(controller.signal).then(setConfig, () => undefined);
    return () => controller.abort();
  }, []);

  const submit = async (event: FormEvent) => {
    if (!form.trySubmit(event, sending)) return;
    setSending(true);
    setFailure(null);
    try {
      await sendContactMessage({ name: form.values.name.trim(), replyTo: form.values.replyTo.trim(), message: form.values.message.trim() });
      setSent(true);
      form.reset(EMPTY);
    } catch (error) {
      setFailure(portalErrorMessage(error, t.failed));
    } finally {
      setSending(false);
    }
  };

  return (
    <Modal title={t.title} closeLabel={t.close} onClose={onClose} className="contact-modal">
      <p className="account-form__intro">{t.intro}</p>
      {config && (
        <div className="contact__channels" data-testid="contact-channels">
          <div>
            <strong>{t.email}: </strong>
            <a href={`mailto:${config.contactEmail}`}>{config.contactEmail}</a>
          </div>
          <div>
            <strong>{t.phones}:</strong>
            <ul>
              {config.contactPhones.map((phone) => (
                <li key={phone}>
                  <a href={`tel:${phone.replace(/[^\d+]/g, '')}`}>{phone}</a>
                </li>
              ))}
            </ul>
          </div>
        </div>
      )}
      {sent ? (
        <div className="account-form">
          <p className="contact__success" role="status">
            {t.success}
          </p>
          <div className="account-form__actions">
            <button type="button" className="button button--light" onClick={() => setSent(false)}>
              {t.another}
            </button>
            <button type="button" className="button" onClick={onClose}>
              {t.close}
            </button>
          </div>
        </div>
      ) : (
        <form className="account-form contact__form" noValidate onSubmit={(event) => void submit(event)}>
          <h3>{t.formTitle}</h3>
          <Field id="contact-name" label={t.name} error={form.shown('name')} required>
            <input
              {...fieldAria('contact-name', form.shown('name'))}
              className="input"
              autoComplete="name"
              maxLength={CONTACT_NAME_MAX}
              {...form.bind('name')}
            />
          </Field>
          <Field id="contact-reply" label={t.replyTo} error={form.shown('replyTo')} help={t.replyToHelp} required>
            <input
              {...fieldAria('contact-reply', form.shown('replyTo'), t.replyToHelp)}
              className="input"
              autoComplete="email"
              inputMode="email"
              maxLength={CONTACT_REPLY_TO_MAX}
              {...form.bind('replyTo')}
            />
          </Field>
          <Field id="contact-message" label={t.message} error={form.shown('message')} required>
            <textarea
              {...fieldAria('contact-message', form.shown('message'))}
              className="input textarea"
              maxLength={CONTACT_MESSAGE_MAX}
              {...form.bind('message')}
            />
          </Field>
          <FormFailure message={failure} />
          <div className="account-form__actions">
            <SubmitButton busy={sending} label={t.send} busyLabel={t.sending} />
          </div>
        </form>
      )}
    </Modal>
  );
}
