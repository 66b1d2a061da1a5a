import type { Package } from '@kit/contract';
import { PACKAGE_NAME_MAX, PACKAGE_NOTES_MAX, PACKAGE_VERSION_MAX } from '@kit/contract/portal-data';
import { useState, type FormEvent } from 'react';
import { removeBrowserPackage, uploadBrowserPackage } from '../../api/downloads.ts';
import { esPortal } from '../../i18n/es-portal.ts';
import { SubmitButton, TextField } from '../../ui/forms/Field.tsx';
import { DeleteDialog } from '../../ui/modal/DeleteDialog.tsx';
import { PackageFileField } from './PackageFileField.tsx';
import { packageSizeError, usePackageAdmin } from './use-package-admin.ts';

const t = esPortal.browsers.admin;

/** /extra/download-browser for admins: add browser installers, remove them. */
export function BrowserPackagesAdmin({ packages }: { packages: readonly Package[] }) {
  const { busy, run } = usePackageAdmin();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [version, setVersion] = useState('');
  const [notes, setNotes] = useState('');
  const [tried, setTried] = useState(false);
  const [removing, setRemoving] = useState<Package | null>(null);
  const sizeError = packageSizeError(file);
  const nameError = tried && name.trim() === '' ? t.nameRequired : null;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    setTried(true);
    if (!file || sizeError || busy || name.trim() === '') return;
    const upload = () => uploadBrowserPackage(file, file.name, { name: name.trim(), version: version.trim() || undefined, notes: notes.trim() || undefined });
    if (await run(upload, t.uploaded, esPortal.errors.PACKAGE_NOT_ALLOWED)) {
      setFile(null);
      setName('');
      setVersion('');
      setNotes('');
      setTried(false);
      form.reset();
    }
  };

  const remove = async (pkg: Package) => {
    if (await run(() => removeBrowserPackage(pkg.id), t.removed, esPortal.common.loadFailed)) setRemoving(null);
  };

  return (
    <section className="surface portal-admin" aria-labelledby="browsers-admin">
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
        <PackageFileField id="browser-file" accept=".apk,.zip,.exe" error={sizeError} onChange={setFile} />
        <TextField id="browser-name" label={t.name} error={nameError} required maxLength={PACKAGE_NAME_MAX} value={name} onChange={setName} />
        <TextField id="browser-version" label={t.version} maxLength={PACKAGE_VERSION_MAX} value={version} onChange={setVersion} />
        <TextField id="browser-notes" label={t.notes} maxLength={PACKAGE_NOTES_MAX} value={notes} onChange={setNotes} />
        <div className="account-form__actions">
          <SubmitButton busy={busy} disabled={!file || sizeError !== null} label={t.upload} busyLabel={esPortal.common.uploading} />
        </div>
      </form>
      {removing && (
        <DeleteDialog wording={t.removeWording(removing.name)} onConfirm={() => remove(removing)} onCancel={() => setRemoving(null)} />
      )}
    </section>
  );
}
