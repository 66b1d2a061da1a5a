import { NavLink } from 'react-router';
import { esLibrary } from '../../i18n/es-library.ts';
import { esOfflinePages } from '../../i18n/es-offline-pages.ts';
import { canUseServiceWorker } from '../../sw/register.ts';
import { Icon, type IconName } from '../../ui/Icon.tsx';
import { usePrefetch } from '../../ui/prefetch.ts';
import { RandomButton } from './RandomButton.tsx';

/** A link of the bar; `prefetch` fetches its page's code ahead (the library's own pages). */
function NavItem({ to, icon, label, end = false, prefetch: ahead = false }: { to: string; icon: IconName; label: string; end?: boolean; prefetch?: boolean }) {
  const prefetch = usePrefetch(ahead ? to : undefined);
  return (
    <li>
      <NavLink to={to} end={end} className="library-nav__item" {...prefetch}>
        <Icon name={icon} />
        <span>{label}</span>
      </NavLink>
    </li>
  );
}

/**
 * docs/PRODUCT.md#library-header library navigation: Inicio, Más vistos, Al Azar, Subir, and Mis
 * descargas where the app can save for offline (docs/PRODUCT.md#secure-context). In the
 * header on wide screens; a bar at the bottom of the screen on phones, where
 * the thumb reaches it.
 */
export function LibraryNav({ productSlug }: { productSlug: string }) {
  return (
    <nav className="library-nav" aria-label={esLibrary.header.navigation}>
      <ul>
        <NavItem to={`/${productSlug}`} icon="home" label={esLibrary.header.home} end prefetch />
        <NavItem to="/featured" icon="star" label={esLibrary.header.featured} prefetch />
        <li>
          <RandomButton className="library-nav__item" />
        </li>
        <NavItem to="/upload" icon="upload" label={esLibrary.header.upload} />
        {canUseServiceWorker() && <NavItem to="/extra/saved" icon="download" label={esOfflinePages.saved.link} />}
      </ul>
    </nav>
  );
}
