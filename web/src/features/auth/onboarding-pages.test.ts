import { describe, expect, it } from 'vitest';
import { onboardingAllowedOn } from './AccountOverlays.tsx';

describe('onboardingAllowedOn', () => {
  it('opens on the pages of the portal and the library', () => {
    for (const page of ['/', '/menu', '/biblioteca', '/resource/4', '/upload', '/upload/draft', '/registered', '/extras']) {
      expect(onboardingAllowedOn(page), page).toBe(true);
    }
  });

  it('waits on logins, registration, /extra/*, the admin area and the upload reminder, which is a dialog itself', () => {
    for (const page of ['/login', '/login/tmp', '/register', '/extra/saved', '/admin', '/admin/device', '/upload/ModalAlert']) {
      expect(onboardingAllowedOn(page), page).toBe(false);
    }
  });
});
