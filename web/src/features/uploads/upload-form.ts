import type { CreateResource, ManagedResource, UpdateResource } from '@kit/contract';
import { EMPTY_TERMS, isChoiceTerm, RESOURCE_TERMS, termsOf, type ResourceTermName } from '@kit/contract/resource-terms';
import { DESCRIPTION_MAX, RESOURCE_TYPES, TITLE_MAX } from '@kit/contract/values';
import { termWords } from '../../i18n/es-terms.ts';
import { esUpload } from '../../i18n/es-upload.ts';
import type { FieldErrors } from '../../ui/forms/use-form.ts';
import { fill } from '../../ui/fill.ts';
import { formatFileSize } from '../../ui/format.ts';

/*
 * The publishing form: the title, the resource's terms (RESOURCE_TERMS: author,
 * source, license…) and the description, plus type, category, file, cover and
 * the rights declaration. Rules here are the ones the server applies again on
 * submit.
 */

/** The contract's limits of the texts that are not terms (a text term has its own `max`). */
export const FIELD_MAX = { title: TITLE_MAX, description: DESCRIPTION_MAX } as const;

export type CoverChoice = 'auto' | 'own';

/** Each term as its field holds it: the text typed, or the label chosen ('' none). */
export type TermValues = Record<ResourceTermName, string>;

export interface UploadValues extends TermValues {
  file: File | null;
  type: number;
  title: string;
  description: string;
  /** the category id as the select gives it; '' none chosen */
  category: string;
  cover: CoverChoice;
  coverFile: File | null;
  rights: boolean;
}

export type UploadField = 'file' | 'title' | ResourceTermName | 'description' | 'category' | 'coverFile' | 'rights';

export const EMPTY_UPLOAD: UploadValues = {
  file: null,
  type: RESOURCE_TYPES.VIDEO,
  title: '',
  ...EMPTY_TERMS,
  description: '',
  category: '',
  cover: 'auto',
  coverFile: null,
  rights: false,
};

/** What the picker offers per type (the server checks the first bytes anyway). */
export const ACCEPT_BY_TYPE: Record<number, string> = {
  [RESOURCE_TYPES.IMAGE]: 'image/jpeg,image/png,image/gif,image/webp',
  [RESOURCE_TYPES.DOCUMENT]: 'application/pdf,.pdf',
  [RESOURCE_TYPES.VIDEO]: 'video/mp4,video/webm,.mp4,.webm',
  [RESOURCE_TYPES.AUDIO]: 'audio/mpeg,audio/mp4,audio/ogg,audio/wav,.mp3,.m4a,.ogg,.wav',
  [RESOURCE_TYPES.APP]: 'application/vnd.android.package-archive,.apk',
  [RESOURCE_TYPES.LIBRARY]: 'application/x-zim,.zim',
};

/** The resource type a picked file most likely is, from what the phone says of it; null when it cannot tell. */
export function typeOfFile(file: Pick<File, 'type' | 'name'>): number | null {
  const mime = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  if (mime.startsWith('image/')) return RESOURCE_TYPES.IMAGE;
  if (mime.startsWith('video/')) return RESOURCE_TYPES.VIDEO;
  if (mime.startsWith('audio/')) return RESOURCE_TYPES.AUDIO;
  if (mime === 'application/pdf' || name.endsWith('.pdf')) return RESOURCE_TYPES.DOCUMENT;
  if (mime === 'application/vnd.android.package-archive' || name.endsWith('.apk')) return RESOURCE_TYPES.APP;
  if (mime === 'application/x-zim' || name.endsWith('.zim')) return RESOURCE_TYPES.LIBRARY;
  return null;
}

export interface UploadLimits {
  maxBytes: number;
  coverMaxBytes: number;
}

/**
 * The form's rules. `hasFile`: the draft already carries its file, so none
 * needs picking.
 */
export function validateUpload(values: UploadValues, limits: UploadLimits, hasFile: boolean): FieldErrors<UploadField> {
  const t = esUpload.form;
  const errors: FieldErrors<UploadField> = {};
  if (values.file && values.file.size > limits.maxBytes) {
    errors.file = fill(t.fileTooBig, { size: formatFileSize(values.file.size), max: formatFileSize(limits.maxBytes) });
  } else if (!values.file && !hasFile) {
    errors.file = t.fileRequired;
  }
  if (!values.title.trim()) errors.title = t.titleRequired;
  else if (values.title.trim().length > FIELD_MAX.title) errors.title = fill(t.tooLong, { max: FIELD_MAX.title });
  for (const term of RESOURCE_TERMS) {
    const value = values[term.name].trim();
    if (term.required && !value) errors[term.name] = termWords(term.name).required;
    else if (!isChoiceTerm(term) && value.length > term.max) errors[term.name] = fill(t.tooLong, { max: term.max });
  }
  if (values.description.trim().length > FIELD_MAX.description) errors.description = fill(t.tooLong, { max: FIELD_MAX.description });
  if (!values.category) errors.category = t.categoryRequired;
  if (values.cover === 'own') {
    if (!values.coverFile) errors.coverFile = t.coverRequired;
    else if (values.coverFile.size > limits.coverMaxBytes) errors.coverFile = fill(t.coverTooBig, { max: formatFileSize(limits.coverMaxBytes) });
  }
  if (!values.rights) errors.rights = t.rightsRequired;
  return errors;
}

/** The terms as the server takes them: trimmed text, a choice not made as null. */
function termFields(values: TermValues): Pick<UpdateResource, ResourceTermName> {
  const fields = RESOURCE_TERMS.map((term) => [term.name, isChoiceTerm(term) ? values[term.name] || null : values[term.name].trim()]);
  return Object.fromEntries(fields) as Pick<UpdateResource, ResourceTermName>;
}

/** The draft's fields as the server takes them: trimmed text, empty choices as null. */
export function toDraftFields(values: UploadValues): UpdateResource & Pick<CreateResource, 'title' | 'type'> {
  return {
    title: values.title.trim(),
    type: values.type,
    ...termFields(values),
    description: values.description.trim(),
    content_type_id: values.category ? Number(values.category) : null,
  };
}

/** A saved draft back into the form (the file itself cannot be read back: the user picks it again). */
export function valuesOfDraft(draft: ManagedResource): UploadValues {
  return {
    ...EMPTY_UPLOAD,
    type: draft.type,
    title: draft.title,
    ...termsOf(draft),
    description: draft.description,
    category: draft.content_type_id === null ? '' : String(draft.content_type_id),
    rights: draft.rightsDeclared,
  };
}

/** "45 % · 1.2 MB de 2.6 MB" */
export function progressText(sent: number, size: number): string {
  const percent = size > 0 ? Math.floor((sent / size) * 100) : 100;
  return fill(esUpload.progress.bytes, { percent, sent: formatFileSize(sent), size: formatFileSize(size) });
}
