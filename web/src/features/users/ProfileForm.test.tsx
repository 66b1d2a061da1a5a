import type { User } from '@kit/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getNotifications, resetNotifications } from '../../ui/notifications/notifications-store.ts';
import { ProfileForm, toProfileUpdate, profileValuesOf } from './ProfileForm.tsx';

const user = {
  id: 7,
  user_name: 'ana',
  name: 'Ana',
  last_name: 'Quispe',
  email: null,
  gender: 0,
  born_date: '1990-05-20',
  code_phone: '+51',
  phone_number: '987654321',
  instruction_degree: null,
  occupation: null,
  others: null,
  details: { image: null },
} as unknown as User;

function stubUpdate(answer: () => Response) {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    if (String(input).startsWith('/api/v2/users/7/profile')) return answer();
    if (String(input) === '/api/v2/constants/occupation') return Response.json({ data: ['Estudiante', 'Otros'] });
    if (String(input) === '/api/v2/constants/education') return Response.json({ data: ['Sin nivel'] });
    return Response.json({}, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

const failure = (httpCode: number, code: string) => () =>
  Response.json({ error: { httpCode, type: 'x', code, message: 'texto del servidor', data: null } }, { status: httpCode });

describe('ProfileForm (profile edit)', () => {
  afterEach(() => resetNotifications());

  it('saves with PUT /api/v2/users/{id}/profile and says so', async () => {
    const fetchMock = stubUpdate(() => Response.json({ ...user, name: 'Ana María' }));
    const onSaved = vi.fn();
    render(<ProfileForm user={user} onSaved={onSaved} />);
    fireEvent.change(screen.getByLabelText(/^Nombres/), { target: { value: 'Ana María' } });
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    const [, init] = fetchMock.mock.calls.find(([url]) => String(url) === '/api/v2/users/7/profile') ?? [];
    expect(init?.method).toBe('PUT');
    expect(JSON.parse(String(init?.body))).toMatchObject({ name: 'Ana María', gender: 0, born_date: '1990-05-20', code_phone: '+51' });
    expect(getNotifications()[0]).toMatchObject({ kind: 'success', message: 'El perfil se ha actualizado correctamente' });
  });

  it.each([
    ['V2_USER_001', 409, 'El correo ya se encuentra en uso'],
    ['V2_USER_002', 400, 'El género no es válido'],
    ['INTERNAL', 500, 'No se pudo actualizar la información de perfil'],
  ])('tells a %s failure by its code', async (code, status, message) => {
    stubUpdate(failure(status, code));
    render(<ProfileForm user={user} onSaved={() => undefined} />);
    fireEvent.click(screen.getByRole('button', { name: 'Guardar cambios' }));
    await waitFor(() => expect(getNotifications()).toHaveLength(1));
    expect(getNotifications()[0]).toMatchObject({ kind: 'error', message });
  });

  it('disables saving while a field has an error', () => {
    stubUpdate(() => Response.json(user));
    render(<ProfileForm user={user} onSaved={() => undefined} />);
    const save = screen.getByRole('button', { name: 'Guardar cambios' }) as HTMLButtonElement;
    expect(save.disabled).toBe(false);
    fireEvent.change(screen.getByLabelText(/^Número de celular/), { target: { value: '123' } });
    expect(save.disabled).toBe(true);
  });

  it('sends the free-text occupation only with Otros, and null code without phone', () => {
    const values = { ...profileValuesOf(user), phone_number: '', occupation: 'Estudiante', others: 'x' };
    expect(toProfileUpdate(values)).toMatchObject({ code_phone: null, phone_number: null, occupation: 'Estudiante', others: null });
    expect(toProfileUpdate({ ...values, occupation: 'Otros', others: ' Partero ' })).toMatchObject({ others: 'Partero' });
  });
});
