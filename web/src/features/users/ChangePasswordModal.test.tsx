import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getNotifications, resetNotifications } from '../../ui/notifications/notifications-store.ts';
import { resetSessionForTests } from '../../session/session-store.ts';
import { ChangePasswordModal } from './ChangePasswordModal.tsx';

function stubPasswordCall(status: number) {
  const fetchMock = vi.fn<typeof fetch>(async () =>
    status === 200
      ? Response.json({ token: 'jwt-2', user: { id: 7, user_name: 'ana', is_admin: false, roleId: 2 }, mustChangePassword: false })
      : Response.json({ error: { httpCode: status, type: 'x', code: 'INTERNAL', message: '', data: null } }, { status }),
  );
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const fill = (label: string, value: string) => fireEvent.change(screen.getByLabelText(new RegExp(`^${label}`)), { target: { value } });

describe('ChangePasswordModal "Cambio de contraseña"', () => {
  afterEach(() => {
    resetNotifications();
    resetSessionForTests();
  });

  it('keeps Guardar disabled until touched and both fields are filled', () => {
    render(<ChangePasswordModal forced={false} onClose={() => undefined} onSaved={() => undefined} />);
    expect(screen.getByRole('dialog', { name: 'Cambio de contraseña' })).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;
    expect(save.disabled).toBe(true);
    fill('Nueva contraseña', 'abc');
    expect(save.disabled).toBe(true);
    fill('Repite la nueva contraseña', 'abd');
    expect(save.disabled).toBe(false);
  });

  it("shows the password rules' messages and does not send an invalid form", () => {
    const fetchMock = stubPasswordCall(200);
    render(<ChangePasswordModal forced={false} onClose={() => undefined} onSaved={() => undefined} />);
    fill('Nueva contraseña', 'abc');
    fill('Repite la nueva contraseña', 'abd');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    expect(screen.getByText('Usa como mínimo 6 caracteres')).toBeTruthy();
    expect(screen.getByText('Las contraseñas deben coincidir')).toBeTruthy();
    fill('Nueva contraseña', '');
    expect(screen.getByText('*Debe ingresar una contraseña')).toBeTruthy();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('saves with PUT /api/v3/users/password, says so in green and reports it saved', async () => {
    const fetchMock = stubPasswordCall(200);
    const onSaved = vi.fn();
    render(<ChangePasswordModal forced={false} onClose={() => undefined} onSaved={onSaved} />);
    fill('Nueva contraseña', 'nueva-clave');
    fill('Repite la nueva contraseña', 'nueva-clave');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v3/users/password');
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toEqual({ password: 'nueva-clave' });
    expect(getNotifications().map((n) => [n.kind, n.message])).toEqual([['success', 'Tu contraseña ha sido actualizada']]);
  });

  it('says "Ha ocurrido un error" in red when the change fails, and stays open', async () => {
    stubPasswordCall(500);
    const onSaved = vi.fn();
    render(<ChangePasswordModal forced={false} onClose={() => undefined} onSaved={onSaved} />);
    fill('Nueva contraseña', 'nueva-clave');
    fill('Repite la nueva contraseña', 'nueva-clave');
    fireEvent.click(screen.getByRole('button', { name: 'Guardar' }));
    await waitFor(() => expect(getNotifications()).toHaveLength(1));
    expect(getNotifications()[0]).toMatchObject({ kind: 'error', message: 'Ha ocurrido un error' });
    expect(onSaved).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });

  it('asks for the current password when the kit wants proof that the owner is here, and sends it', async () => {
    const answers = [
      Response.json({ error: { httpCode: 403, type: 'auth', code: 'CURRENT_PASSWORD_REQUIRED', message: 'x', data: { field: 'body.currentPassword' } } }, { status: 403 }),
      Response.json({ error: { httpCode: 403, type: 'auth', code: 'CURRENT_PASSWORD_WRONG', message: 'x', data: { field: 'body.currentPassword' } } }, { status: 403 }),
      Response.json({ token: 'jwt-2', user: { id: 7, user_name: 'ana', is_admin: false, roleId: 2 }, mustChangePassword: false }),
    ];
    const fetchMock = vi.fn<typeof fetch>(async () => answers.shift() ?? Response.error());
    vi.stubGlobal('fetch', fetchMock);
    const onSaved = vi.fn();
    render(<ChangePasswordModal forced={false} onClose={() => undefined} onSaved={onSaved} />);
    expect(screen.queryByLabelText(/^Contraseña actual/)).toBeNull();
    fill('Nueva contraseña', 'nueva-clave');
    fill('Repite la nueva contraseña', 'nueva-clave');
    const save = screen.getByRole('button', { name: 'Guardar' }) as HTMLButtonElement;
    fireEvent.click(save);

    await waitFor(() => expect(screen.getByText('Para cambiar tu contraseña escribe tu contraseña actual')).toBeTruthy());
    const current = screen.getByLabelText(/^Contraseña actual/) as HTMLInputElement;
    expect(current.getAttribute('autocomplete')).toBe('current-password');
    expect(current.getAttribute('aria-invalid')).toBe('true');
    expect(save.disabled).toBe(true);
    expect(getNotifications()).toEqual([]);

    fill('Contraseña actual', 'adivinada');
    expect(save.disabled).toBe(false);
    fireEvent.click(save);
    await waitFor(() => expect(screen.getByText('La contraseña actual no es correcta')).toBeTruthy());
    fill('Contraseña actual', 'mi-clave-de-siempre');
    expect(screen.queryByText('La contraseña actual no es correcta')).toBeNull();
    fireEvent.click(save);
    await waitFor(() => expect(onSaved).toHaveBeenCalled());

    const bodies = fetchMock.mock.calls.map(([, init]) => JSON.parse(String(init?.body)));
    expect(bodies).toEqual([
      { password: 'nueva-clave' },
      { password: 'nueva-clave', currentPassword: 'adivinada' },
      { password: 'nueva-clave', currentPassword: 'mi-clave-de-siempre' },
    ]);
    expect(getNotifications().map((n) => [n.kind, n.message])).toEqual([['success', 'Tu contraseña ha sido actualizada']]);
  });

  it('offers Cancelar and a close button when not forced', () => {
    const onClose = vi.fn();
    render(<ChangePasswordModal forced={false} onClose={onClose} onSaved={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cancelar' }));
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onClose).toHaveBeenCalledTimes(3);
  });

  it('cannot be closed when forced after a temporary login', () => {
    const onClose = vi.fn();
    render(<ChangePasswordModal forced onClose={onClose} onSaved={() => undefined} />);
    expect(screen.queryByRole('button', { name: 'Cancelar' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Cerrar' })).toBeNull();
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('dialog')).toBeTruthy();
  });
});
