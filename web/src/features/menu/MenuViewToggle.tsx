import { useRevalidator } from 'react-router';
import { es } from '../../i18n/es.ts';
import { setSeeDesktop } from './see-desktop.ts';

/** On a phone or tablet: switch between the phone list and the full list of tools (docs/PRODUCT.md#menu-lists). */
export function MenuViewToggle({ mobile }: { mobile: boolean }) {
  const revalidator = useRevalidator();
  return (
    <button
      type="button"
      className="button button--light menu-page__view"
      disabled={revalidator.state === 'loading'}
      onClick={() => {
        setSeeDesktop(mobile);
        void revalidator.revalidate();
      }}
    >
      {mobile ? es.portal.desktopView : es.portal.mobileView}
    </button>
  );
}
