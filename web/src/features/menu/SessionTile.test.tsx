import type { Service } from '@kit/contract';
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchSession, resetSessionForTests } from '../../session/session-store.ts';
import { SessionTile } from './SessionTile.tsx';

const login: Service = { id: 'login', name: 'Iniciar sesión o registrarse', href: '/login', external: false, disabled: false, adminOnly: false, icon: 'person' };

function renderTile() {
  return render(
    <MemoryRouter>
      <SessionTile service={login} />
    </MemoryRouter>,
  );
}

describe('the menu’s login tile', () => {
  afterEach(() => resetSessionForTests());

  it('offers a visitor the login', () => {
    renderTile();
    expect(screen.getByRole('link', { name: /Iniciar sesión o registrarse/ })).toHaveProperty('pathname', '/login');
  });

  it('names the logged-in user and leads to their profile and to logging out', () => {
    dispatchSession({ type: 'loaded', user: { id: 7, user_name: 'ana', is_admin: false, roleId: 2, FullImageUrl: null }, mustChangePassword: false });
    renderTile();
    const tile = screen.getByRole('group', { name: 'Sesión iniciada: ana' });
    expect(tile.textContent).toContain('ana');
    expect(screen.queryByText('Iniciar sesión o registrarse')).toBeNull();
    expect(screen.getByRole('link', { name: 'Mi perfil' })).toHaveProperty('pathname', '/user/7');
    expect(screen.getByRole('link', { name: 'Cerrar sesión' })).toHaveProperty('pathname', '/extra/logout');
  });

  it('turns back into the login once the user logs out', () => {
    dispatchSession({ type: 'loaded', user: { id: 7, user_name: 'ana', is_admin: false, roleId: 2, FullImageUrl: null }, mustChangePassword: false });
    renderTile();
    act(() => dispatchSession({ type: 'logout' }));
    expect(screen.getByRole('link', { name: /Iniciar sesión o registrarse/ })).toBeTruthy();
  });
});
