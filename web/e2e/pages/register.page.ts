import type { Locator } from '@playwright/test';
import { PortalPage } from './portal-page.ts';

/** /register */
export class RegisterPage extends PortalPage {
  readonly heading = this.page.getByRole('heading', { level: 1, name: 'Crear una cuenta' });
  readonly submit = this.page.getByRole('button', { name: 'Crear cuenta' });

  async goto(query = ''): Promise<void> {
    await this.page.goto(`/register${query}`);
  }

  field(label: 'Usuario' | 'Nombres' | 'Apellidos' | 'Correo electrónico (opcional)' | 'Contraseña' | 'Repite la contraseña'): Locator {
    return this.main.getByLabel(new RegExp(`^${label.replace(/[()]/g, '\\$&')}`));
  }

  async register(values: { userName: string; name: string; lastName: string; password: string; email?: string }): Promise<void> {
    await this.field('Usuario').fill(values.userName);
    await this.field('Nombres').fill(values.name);
    await this.field('Apellidos').fill(values.lastName);
    if (values.email) await this.field('Correo electrónico (opcional)').fill(values.email);
    await this.field('Contraseña').fill(values.password);
    await this.field('Repite la contraseña').fill(values.password);
    await this.submit.click();
  }
}
