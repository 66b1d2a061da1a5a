import { randomUUID } from 'node:crypto';
import { EMPTY_TERMS, isChoiceTerm, RESOURCE_TERMS, RESOURCE_TYPES, termsOf, type UploadTypeCode } from '@kit/contract';
import type { CreateResource, UpdateResource } from '@kit/contract';
import type { Db } from '../../db/connection.ts';
import { AppError } from '../../errors.ts';
import { releaseMedia, withStoreLock } from '../../media/release.ts';
import type { Viewer } from '../../access/viewer.ts';
import { CategoryTree } from '../../catalog/category-tree.ts';
import { assertAllowed } from '../../access/resource-actions.ts';
import { getModerated } from '../../catalog/resource-lookup.ts';
import { deleteResourceRow, insertDraft, updateResourceFields, type ResourceChanges } from '../../catalog/resources.repo.ts';
import { plainText } from '../../plain-text.ts';
import { assertMayBringLibrary } from '../libraries/libraries.service.ts';
import { dropLibraryRows } from '../search/article-index.ts';

/** Control characters out (a description keeps its line breaks), line ends unified, trimmed. */
export const cleanText = (value: string, multiline = false): string => plainText(value, multiline);

const invalid = (field: string, message: string) => new AppError('VALIDATION', { field: `body.${field}`, reason: message }, message);

/** The type code a stored file's MIME type belongs to (the sniffer decided it when it arrived). */
export function typeOfMime(mime: string): UploadTypeCode {
  if (mime.startsWith('image/')) return RESOURCE_TYPES.IMAGE;
  if (mime === 'application/pdf') return RESOURCE_TYPES.DOCUMENT;
  if (mime.startsWith('video/')) return RESOURCE_TYPES.VIDEO;
  if (mime.startsWith('audio/')) return RESOURCE_TYPES.AUDIO;
  if (mime === 'application/x-zim') return RESOURCE_TYPES.LIBRARY;
  return RESOURCE_TYPES.APP;
}

function changesFrom(db: Db, viewer: Viewer, body: UpdateResource): ResourceChanges {
  const changes: ResourceChanges = {};
  if (body.title !== undefined) {
    changes.title = cleanText(body.title);
    if (changes.title === '') throw invalid('title', 'Escribe el título del recurso');
  }
  if (body.type !== undefined) {
    assertMayBringLibrary(viewer, body.type);
    changes.type_code = body.type;
  }
  for (const term of RESOURCE_TERMS) {
    const value = body[term.name];
    // A choice comes as one of its labels (the schema checked it), or null for none yet.
    if (value !== undefined) changes[term.name] = isChoiceTerm(term) ? (value ?? '') : cleanText(value ?? '');
  }
  if (body.description !== undefined) changes.description = cleanText(body.description, true);
  if (body.content_type_id !== undefined) {
    if (body.content_type_id !== null && CategoryTree.load(db, viewer).get(body.content_type_id) === null) {
      throw invalid('content_type_id', 'La categoría no existe');
    }
    changes.category_id = body.content_type_id;
  }
  if (body.rights_declared === false) throw new AppError('RIGHTS_DECLARATION_REQUIRED', { field: 'body.rights_declared' });
  return changes;
}

/**
 * A new draft owned by the caller. The declaration that the file is public
 * domain or rights-free (docs/PRODUCT.md#uploads) is required from the start: the upload
 * form shows the reminder (/upload/ModalAlert) before anything is sent.
 */
export function createDraft(db: Db, viewer: Viewer, body: CreateResource): number {
  if (body.rights_declared !== true) throw new AppError('RIGHTS_DECLARATION_REQUIRED', { field: 'body.rights_declared' });
  const c = changesFrom(db, viewer, body);
  if (c.title === undefined || c.title === '') throw invalid('title', 'Escribe el título del recurso');
  return insertDraft(db, {
    global_id: randomUUID(),
    title: c.title,
    type_code: body.type,
    ...termsOf({ ...EMPTY_TERMS, ...c }),
    description: c.description ?? '',
    category_id: c.category_id ?? null,
    user_id: viewer.id,
  });
}

/** Edits what the table lets the caller edit; the type cannot move away from the attached file's. */
export function updateDraft(db: Db, viewer: Viewer, id: number, body: UpdateResource): void {
  db.transaction(() => {
    const resource = getModerated(db, id, viewer);
    assertAllowed('edit', resource, viewer);
    const changes = changesFrom(db, viewer, body);
    if (changes.type_code !== undefined && resource.media_mime !== null && typeOfMime(resource.media_mime) !== changes.type_code) {
      throw new AppError('FILE_TYPE_MISMATCH', { field: 'body.type', reason: 'file attached' }, 'El tipo no corresponde al archivo ya subido: sube otro archivo o elige el tipo del archivo');
    }
    updateResourceFields(db, id, changes);
  })();
}

/**
 * Deletes a draft (or a rejected resource) with everything hanging on it:
 * comments, favourites, list entries and reports go with the row; unfinished
 * uploads are cancelled by the caller first; the stored file and cover are
 * deleted when nothing else uses the same bytes.
 */
export async function deleteDraft(db: Db, dataDir: string, viewer: Viewer, id: number): Promise<void> {
  const before = getModerated(db, id, viewer);
  assertAllowed('delete', before, viewer);
  // A library's search rows first, in batches: the row's own delete then cascades little.
  if (before.type_code === RESOURCE_TYPES.LIBRARY) await dropLibraryRows(db, id);
  await withStoreLock(() => {
    const resource = getModerated(db, id, viewer);
    assertAllowed('delete', resource, viewer);
    db.transaction(() => deleteResourceRow(db, id))();
    releaseMedia(db, dataDir, [resource.media_sha256, resource.cover_sha256]);
  });
}
