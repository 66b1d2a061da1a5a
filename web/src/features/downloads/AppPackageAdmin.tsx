import type { Package } from '@kit/contract';
import { PACKAGE_MAX_BYTES, PACKAGE_NAME_MAX, PACKAGE_VERSION_MAX } from '@kit/contract/portal-data';
import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { removeAppPackage, uploadAppPackage } from '../../api/downloads.ts';
import { esPortal } from '../../i18n/es-portal.ts';
import { Field } from '../account/Field.tsx';
import { ConfirmDialog } from '../dialogs/ConfirmDialog.tsx';
import { fill } from '../library/fill.ts';
import { formatFileSize } from '../library/format.ts';
import { notifyError, notifySuccess } from '../notifications/notifications-store.ts';
import { portalErrorMessage } from '../portal/portal-errors.ts';
import { FileField } from './FileField.tsx';

const t = esPortal.download.admin;

/** /extra/download for admins: upload the group's app package (it replaces the last one), or remove it. */
export function AppPackageAdmin({ pkg }: { pkg: Package | null }) {
  const revalidator = useRevalidator();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState(pkg?.name ?? '');
  const [version, setVersion] = useState('');
  const [busy, setBusy] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const tooBig = file !== null && file.size > PACKAGE_MAX_BYTES;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (!file || tooBig || busy) return;
    setBusy(true);
    try {
      await uploadAppPackage(file, file.name, { name: name.trim() || undefined, version: version.trim() || undefined });
      notifySuccess(t.uploaded);
      setFile(null);
      (event.target as HTMLFormElement).reset();
      await revalidator.revalidate();
    } catch (error) {
      notifyError(portalErrorMessage(error, esPortal.errors.PACKAGE_NOT_ALLOWED));
    } finally {
      setBusy(false);
    }
  };

  const remove = async () => {
    try {
      await removeAppPackage();
      notifySuccess(t.removed);
      setConfirming(false);
      await revalidator.revalidate();
    } catch (error) {
      notifyError(portalErrorMessage(error, esPortal.common.loadFailed));
    }
  };

  return (
    <section className="portal-admin" aria-labelledby="app-package-admin">
      <h2 id="app-package-admin">{t.title}</h2>
      <p>{t.help}</p>
      <form className="account-form" onSubmit={(event) => void submit(event)}>
        <FileField
          id="app-package-file"
          label={esPortal.common.chooseFile}
          required
          accept=".apk,.zip,application/vnd.android.package-archive,application/zip"
          error={tooBig ? fill(esPortal.common.fileTooBig, { max: formatFileSize(PACKAGE_MAX_BYTES) }) : null}
          onChange={setFile}
        />
        <Field id="app-package-name" label={t.name}>
          <input id="app-package-name" className="input" maxLength={PACKAGE_NAME_MAX} value={name} onChange={(event) => setName(event.target.value)} />
        </Field>
        <Field id="app-package-version" label={t.version}>
          <input id="app-package-version" className="input" maxLength={PACKAGE_VERSION_MAX} value={version} onChange={(event) => setVersion(event.target.value)} />
        </Field>
        <div className="account-form__actions">
          {pkg && (
            <button type="button" className="button button--light" onClick={() => setConfirming(true)}>
              {t.remove}
            </button>
          )}
          <button type="submit" className="button" disabled={!file || tooBig || busy}>
            {busy ? esPortal.common.uploading : t.upload}
          </button>
        </div>
      </form>
      {confirming && <ConfirmDialog message={t.confirmRemove} onConfirm={remove} onCancel={() => setConfirming(false)} />}
    </section>
  );
}
