import { es } from '../../i18n/es.ts';

/** A banner of the portal menu (docs/PRODUCT.md#menu-banners pathMenu…Banner): a picture the admins uploaded, shown whole. */
export function MenuBanner({ src, position }: { src: string; position: 'top' | 'bottom' }) {
  return <img className={`menu-banner menu-banner--${position}`} src={src} alt={es.portal.menuBanner} data-testid={`menu-banner-${position}`} decoding="async" />;
}
