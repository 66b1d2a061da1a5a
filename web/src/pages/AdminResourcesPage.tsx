import { useLocation } from 'react-router';
import { ModerationListView } from '../features/moderation/ModerationListView.tsx';
import { listFromPath } from '../features/moderation/moderation-lists.ts';
import { NotFoundPage } from './NotFoundPage.tsx';

/** /admin/resources/{all,pending-approval,draft,reports,block}: one admin resource list each (docs/PRODUCT.md#moderation-lists). */
export function AdminResourcesPage() {
  const list = listFromPath(useLocation().pathname);
  // keyed by the list: moving to another list starts with its own filters and rows
  return list ? <ModerationListView key={list} list={list} /> : <NotFoundPage />;
}
