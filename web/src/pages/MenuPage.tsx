import { useLoaderData } from 'react-router';
import { MenuBanner } from '../features/menu/MenuBanner.tsx';
import { MenuViewToggle } from '../features/menu/MenuViewToggle.tsx';
import { ServiceGrid } from '../features/menu/ServiceGrid.tsx';
import type { menuLoader } from '../features/menu/menu-loader.ts';

/** `/menu`: the portal menu of tools (docs/PRODUCT.md#menu), between the banners the admins uploaded. */
export function MenuPage() {
  const { list, banners, footer, handheld, mobile } = useLoaderData<typeof menuLoader>();
  return (
    <div className="menu-page">
      {banners.top && <MenuBanner src={banners.top} position="top" />}
      <header className="menu-page__header">
        <img src="/icons/icon.svg" alt="" width={40} height={40} />
        <h1>{list.title}</h1>
      </header>
      <ServiceGrid services={list.services} />
      {banners.bottom && <MenuBanner src={banners.bottom} position="bottom" />}
      {handheld && <MenuViewToggle mobile={mobile} />}
      <footer className="menu-page__footer">{footer}</footer>
    </div>
  );
}
