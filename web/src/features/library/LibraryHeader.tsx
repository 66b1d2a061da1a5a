import { Link, useLocation, useSearchParams } from 'react-router';
import { esLibrary } from '../../i18n/es-library.ts';
import { es } from '../../i18n/es.ts';
import { HelpMenu } from './HelpMenu.tsx';
import { HELP_ENTRIES } from './help-entries.ts';
import { Icon } from '../../ui/Icon.tsx';
import type { LibraryContext } from './library-context.ts';
import { LibraryNav } from './LibraryNav.tsx';
import { SearchBox } from './SearchBox.tsx';
import { UserMenu } from '../../session/UserMenu.tsx';

/**
 * docs/PRODUCT.md#library-header library header (60px): back to the menu, logo, search box, the
 * library navigation, the user area, the app download link and the help menu.
 */
export function LibraryHeader({ context }: { context: LibraryContext }) {
  const { pathname } = useLocation();
  const [params] = useSearchParams();
  const query = pathname === '/search' || pathname.startsWith('/search/') ? (params.get('q') ?? '').trim() : '';
  const name = context.productName || esLibrary.header.logo;
  return (
    <>
      <Link to="/menu" className="library-header__back" aria-label={es.layout.backToMenu}>
        <Icon name="back" />
        <span className="library-header__back-text" aria-hidden="true">
          {es.layout.backToMenu}
        </span>
      </Link>
      <Link to={`/${context.productSlug}`} className="library-header__logo" aria-label={name}>
        <img src="/icons/icon.svg" alt="" width={32} height={32} />
        <span className="library-header__name" aria-hidden="true">
          {context.productName}
        </span>
      </Link>
      <SearchBox key={query} initial={query} />
      <LibraryNav productSlug={context.productSlug} />
      <Link
        to="/extra/download"
        className="icon-button library-header__download"
        aria-label={esLibrary.header.appDownload}
        title={esLibrary.header.appDownload}
      >
        <Icon name="phone" />
      </Link>
      <UserMenu className="library-header__user" />
      <HelpMenu entries={HELP_ENTRIES} />
    </>
  );
}
