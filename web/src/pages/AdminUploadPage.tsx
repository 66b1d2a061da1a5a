import { Link, useLoaderData } from 'react-router';
import { DraftList } from '../features/uploads/DraftList.tsx';
import type { DraftsData } from '../features/uploads/upload-loaders.ts';
import { UploadForm } from '../features/uploads/UploadForm.tsx';
import { esUpload } from '../i18n/es-upload.ts';
import '../ui/portal.css';

const PATH = '/admin/resources/upload';

/** /admin/resources/upload: the same form (an admin's submission is published at once) and the admin's own resources. */
export function AdminUploadPage() {
  const { config, categories, draft, drafts } = useLoaderData<DraftsData>();
  return (
    <div className="portal-page portal-page--narrow">
      <div className="portal-page__head">
        <h1>{esUpload.adminTitle}</h1>
        {draft && <Link to={PATH}>{esUpload.newUpload}</Link>}
      </div>
      <UploadForm key={draft?.id ?? 'new'} config={config} categories={categories} draft={draft} isAdmin newPath={PATH} />
      {drafts && !draft && (
        <>
          <h2>{esUpload.adminMine}</h2>
          <DraftList page={drafts} basePath={PATH} />
        </>
      )}
    </div>
  );
}
