import { Link, useLoaderData } from 'react-router';
import { DraftList } from '../features/uploads/DraftList.tsx';
import type { DraftsData } from '../features/uploads/upload-loaders.ts';
import { UploadForm } from '../features/uploads/UploadForm.tsx';
import { useSession } from '../session/session-store.ts';
import { esUpload } from '../i18n/es-upload.ts';
import '../ui/portal.css';

/** /upload/draft: the user's drafts; /upload/draft?id=N continues one (its unfinished upload included). */
export function UploadDraftPage() {
  const { config, categories, draft, drafts } = useLoaderData<DraftsData>();
  const { isAdmin } = useSession();
  return (
    <div className="portal-page portal-page--narrow">
      <div className="portal-page__head">
        <h1>{esUpload.drafts.title}</h1>
        <Link to={draft ? '/upload/draft' : '/upload'}>{draft ? esUpload.drafts.back : esUpload.newUpload}</Link>
      </div>
      {draft && <UploadForm key={draft.id} config={config} categories={categories} draft={draft} isAdmin={isAdmin} newPath="/upload" />}
      {drafts && <DraftList page={drafts} basePath="/upload/draft" />}
    </div>
  );
}
