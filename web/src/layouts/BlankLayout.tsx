import { Outlet } from 'react-router';

/** docs/PRODUCT.md#layouts blank layout: the page alone (the portal menu uses it). */
export function BlankLayout() {
  return (
    <main id="content" className="blank-layout">
      <Outlet />
    </main>
  );
}
