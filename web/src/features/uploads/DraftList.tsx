import type { ManagedPage, ManagedSummary } from '@kit/contract';
import { useState } from 'react';
import { Link, useRevalidator } from 'react-router';
import { deleteDraft } from './uploads-api.ts';
import { esUpload } from '../../i18n/es-upload.ts';
import { DeleteDialog } from '../../ui/modal/DeleteDialog.tsx';
import { fill } from '../../ui/fill.ts';
import { Pagination } from '../../ui/Pagination.tsx';
import { reviewStateOf } from '../library/review.ts';
import { ReviewNotice } from '../library/ReviewNotice.tsx';
import { notifyError, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { progressText } from './upload-form.ts';

const t = esUpload.drafts;

export interface DraftListProps {
  page: ManagedPage;
  /** the page's own path: `?id=N` continues a draft there, `?page=N` pages the list */
  basePath: string;
}

function DraftItem({ item, basePath, onDelete }: { item: ManagedSummary; basePath: string; onDelete: () => void }) {
  const title = item.title || t.untitled;
  return (
    <li className="surface upload-drafts__item">
      <span className="upload-drafts__title">{title}</span>
      <span className="upload-drafts__meta">
        {/* a state that needs the owner's attention is told below, with its reason and next step */}
        {reviewStateOf(item) === null && `${t.status[item.status] ?? item.status} · `}
        {item.upload ? fill(t.unfinished, { progress: progressText(item.upload.offset, item.upload.size) }) : (item.mediaName ?? t.noFile)}
      </span>
      <ReviewNotice resource={item} compact />
      <div className="account-form__actions">
        {item.actions.includes('delete') && (
          <button type="button" className="button button--light" onClick={onDelete}>
            {t.delete}
          </button>
        )}
        {item.actions.includes('edit') && (
          <Link className="button" to={`${basePath}?id=${item.id}`}>
            {t.continue}
          </Link>
        )}
      </div>
    </li>
  );
}

/** The caller's drafts (and rejected resources) to continue or delete; buttons follow the server's `actions`. */
export function DraftList({ page, basePath }: DraftListProps) {
  const revalidator = useRevalidator();
  const [deleting, setDeleting] = useState<ManagedSummary | null>(null);

  const remove = async (item: ManagedSummary) => {
    try {
      await deleteDraft(item.id);
      notifySuccess(t.deleted);
      setDeleting(null);
      await revalidator.revalidate();
    } catch {
      notifyError(esUpload.form.failed);
    }
  };

  if (page.data.length === 0) return <p>{t.empty}</p>;
  return (
    <>
      <ul className="upload-drafts">
        {page.data.map((item) => (
          <DraftItem key={item.id} item={item} basePath={basePath} onDelete={() => setDeleting(item)} />
        ))}
      </ul>
      <Pagination page={page.current_page} lastPage={page.last_page} hrefFor={(n) => `${basePath}?page=${n}`} />
      {deleting && (
        <DeleteDialog
          wording={t.deleteWording(deleting.title || t.untitled)}
          onConfirm={() => remove(deleting)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </>
  );
}
