import type { FormEvent } from 'react';
import { installCertificate } from '../../api/device.ts';
import { esDevice } from '../../i18n/es-device.ts';
import { FileField } from '../../ui/forms/FileField.tsx';
import { notifyError } from '../../ui/notifications/notifications-store.ts';
import { useDeviceAction } from './use-device-action.ts';

const t = esDevice;

/** Installs a certificate and its key (PEM files); the server checks them and says why it refuses one. */
export function CertificateForm({ onDone }: { onDone: () => void }) {
  const { busy, run } = useDeviceAction(onDone);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    const cert = (form.elements.namedItem('cert') as HTMLInputElement).files?.[0];
    const key = (form.elements.namedItem('key') as HTMLInputElement).files?.[0];
    if (!cert || !key) {
      notifyError(t.chooseBoth);
      return;
    }
    await run(async () => installCertificate(await cert.text(), await key.text()), () => form.reset());
  };

  return (
    <form className="admin-form" onSubmit={(event) => void submit(event)}>
      <FileField id="device-cert-file" name="cert" label={t.certFile} accept=".pem,.crt,.cer,application/x-pem-file" required />
      <FileField id="device-key-file" name="key" label={t.keyFile} accept=".pem,.key,application/x-pem-file" required />
      <button type="submit" className="button" disabled={busy}>
        {busy ? t.installing : t.install}
      </button>
    </form>
  );
}
