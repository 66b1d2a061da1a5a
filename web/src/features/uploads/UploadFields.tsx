import { useState } from 'react';
import { esUpload } from '../../i18n/es-upload.ts';
import { Field, fieldAria } from '../../ui/forms/Field.tsx';
import { FileField } from '../../ui/forms/FileField.tsx';
import type { useForm } from '../../ui/forms/use-form.ts';
import { ACCEPT_BY_TYPE, FIELD_MAX, type UploadField, type UploadValues } from './upload-form.ts';

const t = esUpload.form;

type UploadFormState = ReturnType<typeof useForm<UploadValues, UploadField>>;

interface UploadFieldsProps {
  form: UploadFormState;
  /** the draft is being saved, uploaded or submitted: nothing can be changed */
  busy: boolean;
}

/** The resource's terms: title, author, source, license (one of the kit's) and description. */
export function UploadTermsFields({ form, busy, licenses }: UploadFieldsProps & { licenses: readonly string[] }) {
  const text = (field: 'title' | 'author' | 'source', label: string, required: boolean, help?: string) => (
    <Field id={`upload-${field}`} label={label} error={form.shown(field)} help={help} required={required}>
      <input
        {...fieldAria(`upload-${field}`, form.shown(field), help)}
        className="input"
        maxLength={FIELD_MAX[field]}
        {...form.bind(field)}
        disabled={busy}
      />
    </Field>
  );

  return (
    <>
      {text('title', t.title, true)}
      {text('author', t.author, true)}
      {text('source', t.source, false, t.sourceHelp)}
      <Field id="upload-license" label={t.license} error={form.shown('license')} help={t.licenseHelp} required>
        <select
          {...fieldAria('upload-license', form.shown('license'), t.licenseHelp)}
          className="input"
          value={form.values.license}
          disabled={busy}
          onChange={(event) => form.update({ license: event.target.value })}
        >
          <option value="">{t.licenseChoose}</option>
          {licenses.map((license) => (
            <option key={license} value={license}>
              {license}
            </option>
          ))}
        </select>
      </Field>
      <Field id="upload-description" label={t.description} error={form.shown('description')}>
        <textarea
          {...fieldAria('upload-description', form.shown('description'))}
          className="input textarea"
          maxLength={FIELD_MAX.description}
          value={form.values.description}
          disabled={busy}
          onChange={(event) => form.update({ description: event.target.value })}
        />
      </Field>
    </>
  );
}

/** The cover: made from the file itself, or an image of one's own picked below. */
export function UploadCoverFields({ form, busy }: UploadFieldsProps) {
  const [coverKey, setCoverKey] = useState(0);
  return (
    <>
      <fieldset className="field upload-form__cover">
        <legend className="field__label">{t.cover}</legend>
        <label className="upload-form__choice">
          <input type="radio" name="upload-cover" checked={form.values.cover === 'auto'} disabled={busy} onChange={() => form.update({ cover: 'auto', coverFile: null })} />
          {t.coverAuto}
        </label>
        <p className="field__help">{t.coverAutoHelp}</p>
        <label className="upload-form__choice">
          <input type="radio" name="upload-cover" checked={form.values.cover === 'own'} disabled={busy} onChange={() => form.update({ cover: 'own' })} />
          {t.coverOwn}
        </label>
      </fieldset>
      {form.values.cover === 'own' && (
        <FileField
          key={coverKey}
          id="upload-cover-file"
          label={t.coverFile}
          error={form.shown('coverFile')}
          accept={ACCEPT_BY_TYPE[1] ?? ''}
          required
          onChange={(coverFile) => {
            form.update({ coverFile });
            if (!coverFile) setCoverKey((key) => key + 1);
          }}
        />
      )}
    </>
  );
}
