import { describe, expect, it } from 'vitest';
import { chooseServiceList } from './choose-services.ts';

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
