import type {
  CategoryFields,
  CategoryListResponse,
  CategoryTypesResponse,
  Library,
  Playlist,
  QueryContentAll,
  ResourcePage,
  ResourceRenditions,
  ResourceSummary,
} from '@kit/contract';
import { api } from './api.ts';

/*
 * Library calls of docs/API-library.md "Categories" (read side), "Resources and search"
 * and "Lists". Types only from the contract: no schema code reaches the phone.
 */

/** The fields the category tree asks for (docs/API-library.md). */
export const TREE_FIELDS = 'id,name,childrenCount,priority,status_id';

export type CategoryNodeId = number | 'root';

/** GET /api/content/types?graph= : the whole tree (graph) or a flat list in tree order. */
export async function getCategoryTypes(graph: boolean, signal?: AbortSignal): Promise<CategoryTypesResponse['data']> {
  return (await api.get<CategoryTypesResponse>('/content/types', { graph: graph ? 'true' : 'false' }, signal)).data;
}

/** GET /api/v2/categories/{id|root}/children?fields=… : sorted by priority. */
export async function getCategoryChildren(id: CategoryNodeId, signal?: AbortSignal, fields = TREE_FIELDS): Promise<CategoryFields[]> {
  return (await api.get<CategoryListResponse>(`/v2/categories/${id}/children`, { fields }, signal)).data;
}

/** GET /api/v2/categories/{id}/branch?fields=… : from the top level down to the node itself. */
export async function getCategoryBranch(id: number, signal?: AbortSignal, fields = TREE_FIELDS): Promise<CategoryFields[]> {
  return (await api.get<CategoryListResponse>(`/v2/categories/${id}/branch`, { fields }, signal)).data;
}

/** GET /api/v2/libraries/{id}: what a «Biblioteca» resource's ZIM file says, and its checksum check (docs/API-contributions.md). */
export function getLibrary(id: number, signal?: AbortSignal): Promise<Library> {
  return api.get<Library>(`/v2/libraries/${id}`, undefined, signal);
}

// In a module of its own: the app's start asks for it (features/resources/first-read.ts) without this whole file.
export { getResource } from './resource-read.ts';

/** GET /api/v2/resource/{id}/renditions: its phone copies, and (owner, admins) the job making them; counts no view. */
export function getRenditions(id: number, signal?: AbortSignal): Promise<ResourceRenditions> {
  return api.get<ResourceRenditions>(`/v2/resource/${id}/renditions`, undefined, signal);
}

/** GET /api/contents/random: one published resource (404 LIBRARY_EMPTY when there is none). */
export function getRandomResource(signal?: AbortSignal): Promise<ResourceSummary> {
  return api.get<ResourceSummary>('/contents/random', undefined, signal);
}

/** GET /api/content/all: the library, paged; a category includes its descendants. */
export function getContentAll(query: QueryContentAll, signal?: AbortSignal): Promise<ResourcePage> {
  return api.get<ResourcePage>('/content/all', { ...query }, signal);
}

/** GET /api/playlist/{id}: a list and the items the caller may see, in order. */
export function getPlaylist(id: number, signal?: AbortSignal): Promise<Playlist> {
  return api.get<Playlist>(`/playlist/${id}`, undefined, signal);
}
