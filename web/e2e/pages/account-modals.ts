import type { Locator, Page } from '@playwright/test';

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
export class OnboardingModal {
  readonly page: Page;
  readonly dialog: Locator;
  readonly next: Locator;
  readonly finish: Locator;
  readonly close: Locator;
  readonly slide: Locator;
  readonly form: PersonalDetailsFields;

  constructor(page: Page) {
    this.page = page;
    this.dialog = page.getByRole('dialog');
    this.next = this.dialog.getByRole('button', { name: 'Siguiente' });
    this.finish = this.dialog.getByRole('button', { name: 'Finalizar' });
    this.close = this.dialog.getByRole('button', { name: 'Cerrar' });
    this.slide = this.dialog.getByTestId('onboarding-slide');
    this.form = new PersonalDetailsFields(this.dialog);
  }

  titled(title: string): Locator {
    return this.page.getByRole('dialog', { name: title });
  }
}

/** "Cambio de contraseña" (docs/PRODUCT.md#password-rules). */
export class ChangePasswordModal {
  readonly page: Page;
  readonly dialog: Locator;
  readonly newPassword: Locator;
  readonly repeat: Locator;
  readonly save: Locator;
  readonly cancel: Locator;
  readonly close: Locator;

  constructor(page: Page) {
    this.page = page;
    this.dialog = page.getByRole('dialog', { name: 'Cambio de contraseña' });
    this.newPassword = this.dialog.getByLabel(/^Nueva contraseña/);
    this.repeat = this.dialog.getByLabel(/^Repite la nueva contraseña/);
    this.save = this.dialog.getByRole('button', { name: 'Guardar' });
    this.cancel = this.dialog.getByRole('button', { name: 'Cancelar' });
    this.close = this.dialog.getByRole('button', { name: 'Cerrar' });
  }
}

/** The notifications at the bottom left (docs/PRODUCT.md#timings). */
export function notification(page: Page, text: string): Locator {
  return page.getByRole('region', { name: 'Notificaciones' }).getByText(text, { exact: true });
}
