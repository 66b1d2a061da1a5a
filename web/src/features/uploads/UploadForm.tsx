import type { ManagedResource } from '@kit/contract';
import { useCallback, type FormEvent } from 'react';
import { Link } from 'react-router';
import { esUpload } from '../../i18n/es-upload.ts';
import { Field, fieldAria, FormFailure } from '../../ui/forms/Field.tsx';
import { useForm } from '../../ui/forms/use-form.ts';
import { FileField } from '../../ui/forms/FileField.tsx';
import { fill } from '../../ui/fill.ts';
import { formatFileSize } from '../../ui/format.ts';
import { UploadCoverFields, UploadTermsFields } from './UploadFields.tsx';
import type { UploadFormData } from './upload-loaders.ts';
import { UploadProgress } from './UploadProgress.tsx';
import { ACCEPT_BY_TYPE, EMPTY_UPLOAD, typeOfFile, validateUpload, valuesOfDraft, type UploadField, type UploadValues } from './upload-form.ts';
import { useUploadFlow } from './use-upload-flow.ts';
import './upload.css';

const t = esUpload.form;

export interface UploadFormProps extends UploadFormData {
  /** a saved draft to continue, or null for a new resource */
  draft: ManagedResource | null;
  /** admins publish what they submit (docs/API-contributions.md) */
  isAdmin: boolean;
  /** where "another upload" goes */
  newPath: string;
}

/** Of a draft's unfinished upload: which file to pick again, and how far it got. */
function ResumeHint({ draft, picked }: { draft: ManagedResource; picked: File | null }) {
  const upload = draft.upload;
  if (!upload) return null;
  const size = formatFileSize(upload.size);
  const name = upload.name ?? '';
  // The browser cannot read a file again after a reload: the user picks it, its size must match.
  if (picked && picked.size !== upload.size) return <p className="account-form__error">{fill(esUpload.resume.notSame, { name, size })}</p>;
  if (picked) return null;
  const percent = Math.floor((upload.offset / upload.size) * 100);
  return <p className="account-form__notice">{fill(esUpload.resume.pickAgain, { name, percent, size })}</p>;
}

/** After the last step: what became of the resource, a link to it once published, and to start another. */
function UploadResult({ resource, newPath }: { resource: ManagedResource; newPath: string }) {
  return (
    <section className="surface upload-result" role="status">
      <p>{resource.status === 'published' ? esUpload.result.published : esUpload.result.pending}</p>
      <div className="account-form__actions">
        {resource.status === 'published' && (
          <Link className="button" to={`/resource/${resource.id}`}>
            {esUpload.result.view}
          </Link>
        )}
        <Link className="button button--light" to={newPath} reloadDocument>
          {esUpload.result.another}
        </Link>
      </div>
    </section>
  );
}

/**
 * The publishing form (docs/PRODUCT.md#uploads: public domain or rights-free only), shared
 * by /upload, /upload/draft and /admin/resources/upload.
 */
export function UploadForm({ config, categories, draft: initialDraft, isAdmin, newPath }: UploadFormProps) {
  const flow = useUploadFlow(config, initialDraft);
  const hasFile = Boolean(flow.draft?.mediaUrl);
  const validate = useCallback((values: UploadValues) => validateUpload(values, config, hasFile), [config, hasFile]);
  const form = useForm<UploadValues, UploadField>(initialDraft ? valuesOfDraft(initialDraft) : EMPTY_UPLOAD, validate);
  const publishes = isAdmin || !config.moderation;

  if (flow.step.kind === 'done') return <UploadResult resource={flow.step.resource} newPath={newPath} />;

  const submit = (event: FormEvent) => {
    if (!form.trySubmit(event, flow.busy)) return;
    void flow.publish(form.values);
  };

  const pickFile = (file: File | null) => {
    const type = file ? typeOfFile(file) : null;
    form.update(type !== null && !hasFile ? { file, type } : { file });
  };

  return (
    <form className="account-form upload-form" noValidate onSubmit={submit}>
      {flow.draft && <ResumeHint draft={flow.draft} picked={form.values.file} />}
      {hasFile && flow.draft?.mediaName && !form.values.file && <p className="account-form__notice">{fill(t.fileChosen, { name: flow.draft.mediaName })}</p>}
      <Field id="upload-type" label={esUpload.form.type} required>
        <select
          id="upload-type"
          className="input"
          value={form.values.type}
          disabled={flow.busy || hasFile}
          onChange={(event) => form.update({ type: Number(event.target.value) })}
        >
          {config.types.map((code) => (
            <option key={code} value={code}>
              {esUpload.types[code]}
            </option>
          ))}
        </select>
      </Field>
      <FileField
        id="upload-file"
        label={t.file}
        help={fill(t.fileHelp, { max: formatFileSize(config.maxBytes) })}
        error={form.shown('file')}
        accept={ACCEPT_BY_TYPE[form.values.type] ?? ''}
        required={!hasFile}
        onChange={pickFile}
      />
      <UploadTermsFields form={form} busy={flow.busy} />
      <Field id="upload-category" label={t.category} error={form.shown('category')} required>
        <select
          {...fieldAria('upload-category', form.shown('category'))}
          className="input"
          value={form.values.category}
          disabled={flow.busy}
          onChange={(event) => form.update({ category: event.target.value })}
        >
          <option value="">{t.categoryChoose}</option>
          {categories.map((category) => (
            <option key={category.id} value={category.id}>
              {`${'\u00a0\u00a0'.repeat(category.depth)}${category.name}`}
            </option>
          ))}
        </select>
      </Field>
      <UploadCoverFields form={form} busy={flow.busy} />
      <div className={form.shown('rights') ? 'field field--invalid' : 'field'}>
        <label className="upload-form__choice">
          <input
            type="checkbox"
            {...fieldAria('upload-rights', form.shown('rights'))}
            checked={form.values.rights}
            disabled={flow.busy || Boolean(flow.draft?.rightsDeclared)}
            onChange={(event) => form.update({ rights: event.target.checked })}
          />
          {t.rights}
        </label>
        {form.shown('rights') && (
          <p id="upload-rights-error" className="field__error">
            {form.shown('rights')}
          </p>
        )}
      </div>
      {flow.step.kind === 'uploading' && <UploadProgress state={flow.step.state} onResume={flow.resume} onCancel={flow.cancel} />}
      <FormFailure message={flow.failure} />
      <div className="account-form__actions">
        <button type="button" className="button button--light" disabled={flow.busy} onClick={() => void flow.saveDraft(form.values)}>
          {t.saveDraft}
        </button>
        <button type="submit" className="button" disabled={flow.busy}>
          {flow.busy ? t.working : publishes ? t.submitPublish : t.submit}
        </button>
      </div>
    </form>
  );
}
