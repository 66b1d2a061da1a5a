import type { CreateResource, ManagedResource, UpdateResource } from '@kit/contract';
import { AUTHOR_MAX, DESCRIPTION_MAX, RESOURCE_TYPES, SOURCE_MAX, TITLE_MAX } from '@kit/contract/values';
import { esUpload } from '../../i18n/es-upload.ts';
import type { FieldErrors } from '../../ui/forms/use-form.ts';
import { fill } from '../../ui/fill.ts';
import { formatFileSize } from '../../ui/format.ts';

/*
 * The publishing form of the terms (title, author, source, license,
 * description) plus type, category, file, cover and the rights declaration.
 * Rules here are the ones the server applies again on submit.
 */

/** The contract's text limits, by field. */
export const FIELD_MAX = { title: TITLE_MAX, author: AUTHOR_MAX, source: SOURCE_MAX, description: DESCRIPTION_MAX } as const;

export type CoverChoice = 'auto' | 'own';

export interface UploadValues {
  file: File | null;
  type: number;
  title: string;
  author: string;
  source: string;
  license: string;
  description: string;
  /** the category id as the select gives it; '' none chosen */
  category: string;
  cover: CoverChoice;
  coverFile: File | null;
  rights: boolean;
}

export type UploadField = 'file' | 'title' | 'author' | 'source' | 'license' | 'description' | 'category' | 'coverFile' | 'rights';

export const EMPTY_UPLOAD: UploadValues = {
  file: null,
  type: RESOURCE_TYPES.VIDEO,
  title: '',
  author: '',
  source: '',
  license: '',
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
  if (!values.author.trim()) errors.author = t.authorRequired;
  else if (values.author.trim().length > FIELD_MAX.author) errors.author = fill(t.tooLong, { max: FIELD_MAX.author });
  if (values.source.trim().length > FIELD_MAX.source) errors.source = fill(t.tooLong, { max: FIELD_MAX.source });
  if (values.description.trim().length > FIELD_MAX.description) errors.description = fill(t.tooLong, { max: FIELD_MAX.description });
  if (!values.license) errors.license = t.licenseRequired;
  if (!values.category) errors.category = t.categoryRequired;
  if (values.cover === 'own') {
    if (!values.coverFile) errors.coverFile = t.coverRequired;
    else if (values.coverFile.size > limits.coverMaxBytes) errors.coverFile = fill(t.coverTooBig, { max: formatFileSize(limits.coverMaxBytes) });
  }
  if (!values.rights) errors.rights = t.rightsRequired;
  return errors;
}

/** The draft's fields as the server takes them: trimmed text, empty choices as null. */
export function toDraftFields(values: UploadValues): UpdateResource & Pick<CreateResource, 'title' | 'type'> {
  return {
    title: values.title.trim(),
    type: values.type,
    author: values.author.trim(),
    source: values.source.trim(),
    license: (values.license || null) as UpdateResource['license'],
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
    author: draft.author,
    source: draft.source,
    license: draft.license,
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
