import { useLoaderData } from 'react-router';
import { ServiceGrid } from '../features/menu/ServiceGrid.tsx';
import type { menuLoader } from '../features/menu/menu-loader.ts';

/** `/menu`: the portal menu of tools (SPEC §2). */
export function MenuPage() {
  const { list, footer } = useLoaderData<typeof menuLoader>();
  return (
    <div className="menu-page">
      <header className="menu-page__header">
        <img src="/icons/icon.svg" alt="" width={40} height={40} />
        <h1>{list.title}</h1>
      </header>
      <ServiceGrid services={list.services} />
      <footer className="menu-page__footer">{footer}</footer>
    </div>
  );
}
