import { Link } from 'react-router';
import { es } from '../i18n/es.ts';
import './not-found-page.css';

/** Any unknown route (docs/PRODUCT.md#not-found). */
export function NotFoundPage() {
  return (
    <section className="not-found-page">
      <h1>{es.notFound.message}</h1>
      <Link to="/menu" className="button">
        {es.layout.backToMenu}
      </Link>
    </section>
  );
}
