import { Link, useLoaderData } from 'react-router';
import type { UploadFormData } from '../features/uploads/upload-loaders.ts';
import { QuotaMeter } from '../features/uploads/QuotaMeter.tsx';
import { UploadForm } from '../features/uploads/UploadForm.tsx';
import { useSession } from '../session/session-store.ts';
import { esUpload } from '../i18n/es-upload.ts';
import '../ui/portal.css';

/** /upload: a new resource (its loader shows the rights-free reminder first). */
export function UploadPage() {
  const data = useLoaderData<UploadFormData>();
  const { isAdmin } = useSession();
  return (
    <div className="portal-page portal-page--narrow">
      <div className="portal-page__head">
        <h1>{esUpload.title}</h1>
        <Link to="/upload/draft">{esUpload.drafts.link}</Link>
      </div>
      <p className="portal-page__intro">{esUpload.intro}</p>
      <QuotaMeter />
      <UploadForm {...data} draft={null} isAdmin={isAdmin} newPath="/upload" />
    </div>
  );
}
