import type { Locator } from '@playwright/test';
import { PortalPage } from './portal-page.ts';
import { PersonalDetailsFields } from './account-modals.ts';

/** /user/{id}: a profile; on one's own, the edit form, the picture upload and the password change. */
export class ProfilePage extends PortalPage {
  readonly heading = this.main.getByRole('heading', { level: 1 });
  readonly form = this.main.getByRole('form', { name: 'Editar mi perfil' });
  readonly details = new PersonalDetailsFields(this.form);
  readonly save = this.form.getByRole('button', { name: 'Guardar cambios' });
  readonly changePicture = this.main.getByText('Cambiar foto');
  readonly pictureInput = this.main.locator('input[type="file"]');
  readonly avatar = this.main.getByRole('img', { name: /^Foto de perfil de/ });

  async goto(userId: number): Promise<void> {
    await this.page.goto(`/user/${userId}`);
  }

  field(label: 'Nombres' | 'Apellidos' | 'Correo electrónico'): Locator {
    return this.form.getByLabel(new RegExp(`^${label}`));
  }
}
