import { Link } from 'react-router';
import { esLibraries } from '../../i18n/es-libraries.ts';
import { Icon } from '../../ui/Icon.tsx';
import { readerUrl } from './reader-paths.ts';

/** A «Biblioteca»'s main action on its resource page: open the reader at the library's main page. */
export function OpenLibraryAction({ resourceId }: { resourceId: number }) {
  return (
    <div className="resource-downloads">
      <Link to={readerUrl(resourceId)} className="button resource-download resource-download--app" data-testid="open-library">
        <Icon name="library" size={20} />
        <span>{esLibraries.open}</span>
      </Link>
    </div>
  );
}
