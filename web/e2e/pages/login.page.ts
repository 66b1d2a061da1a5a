import type { Locator, Page } from '@playwright/test';

export type LoginKind = 'password' | 'temporary' | 'admin';

const PATHS: Record<LoginKind, string> = { password: '/login', temporary: '/login/temporary', admin: '/admin/login' };
const HEADINGS: Record<LoginKind, string> = {
  password: 'Iniciar sesión',
  temporary: 'Ingresar con contraseña temporal',
  admin: 'Ingreso de administradores',
};

/** /login, /login/temporary and /admin/login: the same form, three calls. */
export class LoginPage {
  readonly page: Page;
  readonly kind: LoginKind;
  readonly heading: Locator;
  readonly userName: Locator;
  readonly password: Locator;
  readonly submit: Locator;
  /** the form's failure message */
  readonly failure: Locator;
  /** the explanation /login?route=… gives */
  readonly adminNotice: Locator;

  constructor(page: Page, kind: LoginKind = 'password') {
    this.page = page;
    this.kind = kind;
    const main = page.getByRole('main');
    this.heading = main.getByRole('heading', { level: 1, name: HEADINGS[kind] });
    this.userName = main.getByLabel('Usuario');
    this.password = main.getByLabel(kind === 'temporary' ? 'Contraseña temporal' : 'Contraseña', { exact: true });
    this.submit = main.getByRole('button', { name: 'Ingresar' });
    this.failure = main.getByRole('alert');
    this.adminNotice = main.getByText('Esa sección es solo para administradores');
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
