import { useState } from 'react';
import { esLibrary } from '../../i18n/es-library.ts';
import { hideBanner, isBannerHidden } from './banner.ts';
import { Icon } from '../../ui/Icon.tsx';

/** docs/PRODUCT.md#library-header advertising banner, which the user can hide for one day (docs/PRODUCT.md#library-header). */
export function AdBanner({ src }: { src: string }) {
  const [hidden, setHidden] = useState(() => isBannerHidden());
  if (hidden) return null;
  return (
    <aside className="ad-banner" aria-label={esLibrary.banner.label}>
      <img src={src} alt={esLibrary.banner.label} />
      <button
        type="button"
        className="icon-button ad-banner__close"
        aria-label={esLibrary.banner.hide}
        title={esLibrary.banner.hide}
        onClick={() => {
          hideBanner();
          setHidden(true);
        }}
      >
        <Icon name="close" size={20} />
      </button>
    </aside>
  );
}
