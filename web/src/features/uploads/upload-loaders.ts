import type { CategoryTreeNode, ManagedPage, ManagedResource, UploadConfig } from '@kit/contract';
import { redirect, type LoaderFunctionArgs } from 'react-router';
import { getCategoryTypes } from '../../api/library.ts';
import { getAdminUploads, getManaged, getMine, getUploadConfig } from './uploads-api.ts';
import { parsePage } from '../library/list-params.ts';
import { uploadRulesSeen } from './upload-rules.ts';

/** A category as the form's select shows it: indented by its depth in the tree. */
export interface CategoryOption {
  id: number;
  name: string;
  depth: number;
}

export interface UploadFormData {
  config: UploadConfig;
  categories: CategoryOption[];
}

/** The tree in reading order (what the caller may see: hidden ones only for admins). */
export function flattenCategories(nodes: readonly CategoryTreeNode[], depth = 0): CategoryOption[] {
  return nodes.flatMap((node) => [{ id: node.id, name: node.name, depth }, ...flattenCategories((node.children ?? []) as CategoryTreeNode[], depth + 1)]);
}

async function formData(signal: AbortSignal): Promise<UploadFormData> {
  const [config, tree] = await Promise.all([getUploadConfig(signal), getCategoryTypes(true, signal)]);
  return { config, categories: flattenCategories(tree) };
}

/** /upload: a new resource, once the rights-free reminder (/upload/ModalAlert) was accepted in this session. */
export function uploadLoader({ request }: LoaderFunctionArgs): Promise<UploadFormData> {
  if (!uploadRulesSeen()) throw redirect('/upload/ModalAlert');
  return formData(request.signal);
}

/** Statuses the owner can still change and send: the drafts page lists these. */
export const OPEN_STATUSES = 'draft,rejected';

export interface DraftsData extends UploadFormData {
  /** ?id=N: the draft being continued */
  draft: ManagedResource | null;
  /** without ?id: the list */
  drafts: ManagedPage | null;
}

/** /upload/draft (the user's drafts) and /upload/draft?id=N (one of them, to continue). */
export async function draftsLoader({ request }: LoaderFunctionArgs): Promise<DraftsData> {
  const params = new URL(request.url).searchParams;
  const id = Number(params.get('id'));
  const [data, draft, drafts] = await Promise.all([
    formData(request.signal),
    Number.isInteger(id) && id > 0 ? getManaged(id, request.signal) : null,
    params.has('id') ? null : getMine(OPEN_STATUSES, parsePage(params.get('page')), request.signal),
  ]);
  return { ...data, draft, drafts };
}

/** /admin/resources/upload: the form and the admin's own resources (?id=N continues one). */
export async function adminUploadLoader({ request }: LoaderFunctionArgs): Promise<DraftsData> {
  const params = new URL(request.url).searchParams;
  const id = Number(params.get('id'));
  const [data, draft, drafts] = await Promise.all([
    formData(request.signal),
    Number.isInteger(id) && id > 0 ? getManaged(id, request.signal) : null,
    getAdminUploads(parsePage(params.get('page')), request.signal),
  ]);
  return { ...data, draft, drafts };
}
