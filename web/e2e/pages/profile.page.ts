import type { Locator, Page } from '@playwright/test';
import { PersonalDetailsFields } from './account-modals.ts';

/** /user/{id}: a profile; on one's own, the edit form, the picture upload and the password change. */
export class ProfilePage {
  readonly page: Page;
  readonly heading: Locator;
  readonly form: Locator;
  readonly details: PersonalDetailsFields;
  readonly save: Locator;
  readonly changePicture: Locator;
  readonly pictureInput: Locator;
  readonly avatar: Locator;

  constructor(page: Page) {
    this.page = page;
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1 });
    this.form = main.getByRole('form', { name: 'Editar mi perfil' });
    this.details = new PersonalDetailsFields(this.form);
    this.save = this.form.getByRole('button', { name: 'Guardar cambios' });
    this.changePicture = main.getByText('Cambiar foto');
    this.pictureInput = main.locator('input[type="file"]');
    this.avatar = main.getByRole('img', { name: /^Foto de perfil de/ });
  }

  async goto(userId: number): Promise<void> {
    await this.page.goto(`/user/${userId}`);
  }

  field(label: 'Nombres' | 'Apellidos' | 'Correo electrónico'): Locator {
    return this.form.getByLabel(new RegExp(`^${label}`));
  }
}
