import type { Locator, Page } from '@playwright/test';
import { PortalPage } from './portal-page.ts';

export type LoginKind = 'password' | 'temporary' | 'admin';

const PATHS: Record<LoginKind, string> = { password: '/login', temporary: '/login/temporary', admin: '/admin/login' };
const HEADINGS: Record<LoginKind, string> = {
  password: 'Iniciar sesión',
  temporary: 'Ingresar con contraseña temporal',
  admin: 'Ingreso de administradores',
};

/** /login, /login/temporary and /admin/login: the same form, three calls. */
export class LoginPage extends PortalPage {
  readonly kind: LoginKind;
  readonly heading: Locator;
  readonly userName = this.main.getByLabel('Usuario');
  readonly password: Locator;
  readonly submit = this.main.getByRole('button', { name: 'Ingresar' });
  /** the form's failure message */
  readonly failure = this.main.getByRole('alert');
  /** the explanation /login?route=… gives */
  readonly adminNotice = this.main.getByText('Esa sección es solo para administradores');

  constructor(page: Page, kind: LoginKind = 'password') {
    super(page);
    this.kind = kind;
    this.heading = this.main.getByRole('heading', { level: 1, name: HEADINGS[kind] });
    this.password = this.main.getByLabel(kind === 'temporary' ? 'Contraseña temporal' : 'Contraseña', { exact: true });
  }

  async goto(query = ''): Promise<void> {
    await this.page.goto(`${PATHS[this.kind]}${query}`);
  }

  async logIn(userName: string, password: string): Promise<void> {
    await this.userName.fill(userName);
    await this.password.fill(password);
    await this.submit.click();
  }
}
