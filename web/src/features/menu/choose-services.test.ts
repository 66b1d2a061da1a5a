import { describe, expect, it } from 'vitest';
import { chooseMenuBanners, chooseServiceList } from './choose-services.ts';

const services = {
  availableServices: { title: 'Escritorio', services: [] },
  mobileServices: { title: 'Móvil', services: [] },
};

describe('chooseServiceList', () => {
  it.each([
    ['smartphone', false, 'Móvil'],
    ['tablet', false, 'Móvil'],
    ['smartphone', true, 'Escritorio'],
    ['tablet', true, 'Escritorio'],
    ['desktop', false, 'Escritorio'],
    ['desktop', true, 'Escritorio'],
  ] as const)('on a %s with seeDesktop=%s shows the %s list', (device, seeDesktop, title) => {
    expect(chooseServiceList(services, { device, seeDesktop }).title).toBe(title);
  });
});

describe('chooseMenuBanners', () => {
  const paths = { pathMenuTopBanner: '/top.png', pathMenuBottomBanner: '/bottom.png', pathMenuMobileBanner: '/mobile.png' };

  it('gives the desktop list the top and bottom banners', () => {
    expect(chooseMenuBanners(paths, false)).toEqual({ top: '/top.png', bottom: '/bottom.png' });
  });

  it('gives the phone list its own banner on top, or the desktop top banner when it has none', () => {
    expect(chooseMenuBanners(paths, true)).toEqual({ top: '/mobile.png', bottom: null });
    expect(chooseMenuBanners({ ...paths, pathMenuMobileBanner: null }, true)).toEqual({ top: '/top.png', bottom: null });
  });
});
