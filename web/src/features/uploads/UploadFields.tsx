import { isChoiceTerm, RESOURCE_TERMS, type ResourceTerm } from '@kit/contract/resource-terms';
import { useState } from 'react';
import { termWords } from '../../i18n/es-terms.ts';
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

/** The resource's texts: the title, its terms (RESOURCE_TERMS: a text field or a select each, in the table's order) and the description. */
export function UploadTermsFields({ form, busy }: UploadFieldsProps) {
  const term = (spec: ResourceTerm) => {
    const id = `upload-${spec.name}`;
    const words = termWords(spec.name);
    const error = form.shown(spec.name);
    return (
      <Field key={spec.name} id={id} label={words.label} error={error} help={words.help} required={spec.required}>
        {isChoiceTerm(spec) ? (
          <select
            {...fieldAria(id, error, words.help)}
            className="input"
            value={form.values[spec.name]}
            disabled={busy}
            onChange={(event) => form.update({ [spec.name]: event.target.value })}
          >
            <option value="">{words.choose}</option>
            {spec.choices.map((choice) => (
              <option key={choice} value={choice}>
                {choice}
              </option>
            ))}
          </select>
        ) : (
          <input {...fieldAria(id, error, words.help)} className="input" maxLength={spec.max} {...form.bind(spec.name)} disabled={busy} />
        )}
      </Field>
    );
  };

  return (
    <>
      <Field id="upload-title" label={t.title} error={form.shown('title')} required>
        <input {...fieldAria('upload-title', form.shown('title'))} className="input" maxLength={FIELD_MAX.title} {...form.bind('title')} disabled={busy} />
      </Field>
      {RESOURCE_TERMS.map(term)}
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
