import { useRouteError } from 'react-router';
import { LoadFailed } from '../../ui/LoadFailed.tsx';
import { es } from '../../i18n/es.ts';

/** Shown when the menu could not be loaded: what went wrong and a way to try again. */
export function MenuLoadError() {
  return <LoadFailed what={es.menu.loadFailed} error={useRouteError()} />;
}
