import { AdForm } from '../features/ads/AdForm.tsx';
import { esPortal } from '../i18n/es-portal.ts';
import '../ui/portal.css';

/** /anuncios/nuevo: post a notice to the community's board (logged-in users). */
export function NewAdPage() {
  return (
    <div className="portal-page portal-page--narrow">
      <h1>{esPortal.ads.form.title}</h1>
      <p className="portal-page__intro">{esPortal.ads.form.intro}</p>
      <AdForm />
    </div>
  );
}
