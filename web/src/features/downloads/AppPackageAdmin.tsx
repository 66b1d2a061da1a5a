import type { Package } from '@kit/contract';
import { PACKAGE_NAME_MAX, PACKAGE_VERSION_MAX } from '@kit/contract/portal-data';
import { useState, type FormEvent } from 'react';
import { removeAppPackage, uploadAppPackage } from '../../api/downloads.ts';
import { esPortal } from '../../i18n/es-portal.ts';
import { SubmitButton, TextField } from '../../ui/forms/Field.tsx';
import { DeleteDialog } from '../../ui/modal/DeleteDialog.tsx';
import { PackageFileField } from './PackageFileField.tsx';
import { packageSizeError, usePackageAdmin } from './use-package-admin.ts';

const t = esPortal.download.admin;

/** /extra/download for admins: upload the group's app package (it replaces the last one), or remove it. */
export function AppPackageAdmin({ pkg }: { pkg: Package | null }) {
  const { busy, run } = usePackageAdmin();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState(pkg?.name ?? '');
  const [version, setVersion] = useState('');
  const [confirming, setConfirming] = useState(false);
  const sizeError = packageSizeError(file);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = event.currentTarget;
    if (!file || sizeError || busy) return;
    const upload = () => uploadAppPackage(file, file.name, { name: name.trim() || undefined, version: version.trim() || undefined });
    if (await run(upload, t.uploaded, esPortal.errors.PACKAGE_NOT_ALLOWED)) {
      setFile(null);
      form.reset();
    }
  };

  const remove = async () => {
    if (await run(removeAppPackage, t.removed, esPortal.common.loadFailed)) setConfirming(false);
  };

  return (
    <section className="surface portal-admin" aria-labelledby="app-package-admin">
      <h2 id="app-package-admin">{t.title}</h2>
      <p>{t.help}</p>
      <form className="account-form" onSubmit={(event) => void submit(event)}>
        <PackageFileField id="app-package-file" accept=".apk,.zip,application/vnd.android.package-archive,application/zip" error={sizeError} onChange={setFile} />
        <TextField id="app-package-name" label={t.name} maxLength={PACKAGE_NAME_MAX} value={name} onChange={setName} />
        <TextField id="app-package-version" label={t.version} maxLength={PACKAGE_VERSION_MAX} value={version} onChange={setVersion} />
        <div className="account-form__actions">
          {pkg && (
            <button type="button" className="button button--light" onClick={() => setConfirming(true)}>
              {t.remove}
            </button>
          )}
          <SubmitButton busy={busy} disabled={!file || sizeError !== null} label={t.upload} busyLabel={esPortal.common.uploading} />
        </div>
      </form>
      {confirming && <DeleteDialog wording={t.removeWording} onConfirm={remove} onCancel={() => setConfirming(false)} />}
    </section>
  );
}
