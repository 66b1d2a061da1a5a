import type { Locator, Page } from '@playwright/test';
import { PortalPage } from './portal-page.ts';

/** The docs/PRODUCT.md#profile-form profile form fields, wherever they show (onboarding slide, profile page). */
export class PersonalDetailsFields {
  readonly scope: Locator;
  readonly bornDate: Locator;
  readonly phone: Locator;
  readonly countryCode: Locator;

  constructor(scope: Locator) {
    this.scope = scope;
    this.bornDate = scope.getByLabel(/^Fecha de nacimiento/);
    this.phone = scope.getByLabel(/^Número de celular/);
    this.countryCode = scope.getByRole('combobox', { name: 'Código de país' });
  }

  gender(name: 'Femenino' | 'Masculino' | 'Otros'): Locator {
    return this.scope.getByRole('radio', { name });
  }

  error(text: string): Locator {
    return this.scope.getByText(text, { exact: true });
  }
}

/** The onboarding modal (docs/PRODUCT.md#onboarding): five slides, and "Completa tu perfil" when the profile lacks gender or birth date. */
export class OnboardingModal extends PortalPage {
  readonly dialog = this.page.getByRole('dialog');
  readonly next = this.dialog.getByRole('button', { name: 'Siguiente' });
  readonly finish = this.dialog.getByRole('button', { name: 'Finalizar' });
  readonly close = this.dialog.getByRole('button', { name: 'Cerrar' });
  readonly slide = this.dialog.getByTestId('onboarding-slide');
  readonly form = new PersonalDetailsFields(this.dialog);

  titled(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }
}

/** "Cambio de contraseña" (docs/PRODUCT.md#password-rules). */
export class ChangePasswordModal extends PortalPage {
  readonly dialog = this.page.getByRole('dialog', { name: 'Cambio de contraseña' });
  readonly newPassword = this.dialog.getByLabel(/^Nueva contraseña/);
  readonly repeat = this.dialog.getByLabel(/^Repite la nueva contraseña/);
  readonly save = this.dialog.getByRole('button', { name: 'Guardar' });
  readonly cancel = this.dialog.getByRole('button', { name: 'Cancelar' });
  readonly close = this.dialog.getByRole('button', { name: 'Cerrar' });
}

/** The notifications at the bottom left (docs/PRODUCT.md#timings). */
export function notification(page: Page, text: string): Locator {
  return page.getByRole('region', { name: 'Notificaciones' }).getByText(text, { exact: true });
}
