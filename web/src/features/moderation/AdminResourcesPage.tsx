import type { AdminPages } from '../../ui/admin-pages.ts';
import { ModerationListView } from './ModerationListView.tsx';
import { MODERATION_LISTS, type ModerationList } from './moderation-lists.ts';

/** /admin/resources/{all,pending-approval,draft,reports,block}: one admin resource list each (docs/PRODUCT.md#moderation-lists). */
const listPage = (list: ModerationList) =>
  function AdminResourcesPage() {
    return <ModerationListView list={list} />;
  };

// one page per list: moving to another list starts with its own filters and rows
export const adminPages: AdminPages = Object.fromEntries(MODERATION_LISTS.map((list) => [`resources/${list}`, { Component: listPage(list) }]));
