import { Link } from 'react-router';
import { es } from '../i18n/es.ts';

/** The portal's mark and name, linking to the menu. */
export function BrandLink() {
  return (
    <Link to="/menu" className="brand">
      <img src="/icons/icon.svg" alt="" width={32} height={32} />
      <span className="brand__name">{es.app.name}</span>
    </Link>
  );
}
