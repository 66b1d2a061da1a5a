import type { Package } from '@kit/contract';
import { PACKAGE_MAX_BYTES, PACKAGE_NAME_MAX, PACKAGE_NOTES_MAX, PACKAGE_VERSION_MAX } from '@kit/contract/portal-data';
import { useState, type FormEvent } from 'react';
import { useRevalidator } from 'react-router';
import { removeBrowserPackage, uploadBrowserPackage } from '../../api/downloads.ts';
import { esPortal } from '../../i18n/es-portal.ts';
import { Field, fieldAria } from '../account/Field.tsx';
import { ConfirmDialog } from '../dialogs/ConfirmDialog.tsx';
import { fill } from '../library/fill.ts';
import { formatFileSize } from '../library/format.ts';
import { notifyError, notifySuccess } from '../notifications/notifications-store.ts';
import { portalErrorMessage } from '../portal/portal-errors.ts';
import { FileField } from './FileField.tsx';

const t = esPortal.browsers.admin;

/** /extra/download-browser for admins: add browser installers, remove them. */
export function BrowserPackagesAdmin({ packages }: { packages: readonly Package[] }) {
  const revalidator = useRevalidator();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [version, setVersion] = useState('');
  const [notes, setNotes] = useState('');
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const [removing, setRemoving] = useState<Package | null>(null);
  const tooBig = file !== null && file.size > PACKAGE_MAX_BYTES;
  const nameError = tried && name.trim() === '' ? t.nameRequired : null;

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setTried(true);
    if (!file || tooBig || busy || name.trim() === '') return;
    setBusy(true);
    try {
      await uploadBrowserPackage(file, file.name, { name: name.trim(), version: version.trim() || undefined, notes: notes.trim() || undefined });
      notifySuccess(t.uploaded);
      setFile(null);
      setName('');
      setVersion('');
      setNotes('');
      setTried(false);
      (event.target as HTMLFormElement).reset();
      await revalidator.revalidate();
    } catch (error) {
      notifyError(portalErrorMessage(error, esPortal.errors.PACKAGE_NOT_ALLOWED));
    } finally {
      setBusy(false);
    }
  };

  const remove = async (pkg: Package) => {
    try {
      await removeBrowserPackage(pkg.id);
      notifySuccess(t.removed);
      setRemoving(null);
      await revalidator.revalidate();
    } catch (error) {
      notifyError(portalErrorMessage(error, esPortal.common.loadFailed));
    }
  };

  return (
    <section className="portal-admin" aria-labelledby="browsers-admin">
      <h2 id="browsers-admin">{t.title}</h2>
      <p>{t.help}</p>
      {packages.length > 0 && (
        <ul className="portal-admin__list">
          {packages.map((pkg) => (
            <li key={pkg.id}>
              <span>
                {pkg.name} {pkg.version}
              </span>
              <button type="button" className="button button--light" onClick={() => setRemoving(pkg)}>
                {esPortal.common.delete}
              </button>
            </li>
          ))}
        </ul>
      )}
      <form className="account-form" noValidate onSubmit={(event) => void submit(event)}>
        <FileField
          id="browser-file"
          label={esPortal.common.chooseFile}
          required
          accept=".apk,.zip,.exe"
          error={tooBig ? fill(esPortal.common.fileTooBig, { max: formatFileSize(PACKAGE_MAX_BYTES) }) : null}
          onChange={setFile}
        />
        <Field id="browser-name" label={t.name} error={nameError} required>
          <input {...fieldAria('browser-name', nameError)} className="input" maxLength={PACKAGE_NAME_MAX} value={name} onChange={(event) => setName(event.target.value)} />
        </Field>
        <Field id="browser-version" label={t.version}>
          <input id="browser-version" className="input" maxLength={PACKAGE_VERSION_MAX} value={version} onChange={(event) => setVersion(event.target.value)} />
        </Field>
        <Field id="browser-notes" label={t.notes}>
          <input id="browser-notes" className="input" maxLength={PACKAGE_NOTES_MAX} value={notes} onChange={(event) => setNotes(event.target.value)} />
        </Field>
        <div className="account-form__actions">
          <button type="submit" className="button" disabled={!file || tooBig || busy}>
            {busy ? esPortal.common.uploading : t.upload}
          </button>
        </div>
      </form>
      {removing && (
        <ConfirmDialog message={fill(t.confirmRemove, { name: removing.name })} onConfirm={() => remove(removing)} onCancel={() => setRemoving(null)} />
      )}
    </section>
  );
}
