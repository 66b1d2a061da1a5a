import type { CategoryWriteResponse } from '@kit/contract';
import { api } from '../../api/api.ts';

/* Moving a category (admins): the calls of every category tree an admin arranges (docs/API-admin.md). */

/** Appended last under the new parent (null: top level). */
export const changeCategoryParent = (id: number, newParentId: number | null) =>
  api.request<CategoryWriteResponse>(`/v2/categories/${id}/change-parent`, { method: 'PUT', body: { newParentId } });

/** Placed right before `refCategoryId`, under its parent. */
export const moveCategoryBefore = (id: number, refCategoryId: number) =>
  api.request<CategoryWriteResponse>(`/v2/categories/${id}/move-before`, { method: 'POST', body: { refCategoryId } });
