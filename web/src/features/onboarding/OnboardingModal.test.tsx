import type { User } from '@kit/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getNotifications, resetNotifications } from '../../ui/notifications/notifications-store.ts';
import { OnboardingModal } from './OnboardingModal.tsx';

const user = { id: 7, user_name: 'ana', gender: null, born_date: null, code_phone: null, phone_number: null } as unknown as User;

function stubKit() {
  const fetchMock = vi.fn<typeof fetch>(async (input) => {
    if (String(input) === '/api/v3/personalDetails') return Response.json({ ...user, gender: 0, born_date: '1990-05-20' });
    return Response.json({ error: { httpCode: 404, type: 'x', code: 'ROUTE_NOT_FOUND', message: '', data: null } }, { status: 404 });
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}

function clickNext(times: number) {
  for (let i = 0; i < times; i += 1) fireEvent.click(screen.getByRole('button', { name: 'Siguiente' }));
}

describe('OnboardingModal', () => {
  afterEach(() => resetNotifications());

  it('marks the slide shown as the current step of a list of steps', () => {
    stubKit();
    render(<OnboardingModal user={user} withForm={false} onDone={vi.fn()} />);
    clickNext(1);
    const steps = screen.getByRole('list', { name: 'Pasos' });
    const items = within(steps).getAllByRole('listitem');
    expect(items.map((item) => item.textContent)).toEqual(['Paso 1 de 5', 'Paso 2 de 5', 'Paso 3 de 5', 'Paso 4 de 5', 'Paso 5 de 5']);
    expect(items.filter((item) => item.getAttribute('aria-current') === 'step').map((item) => item.textContent)).toEqual(['Paso 2 de 5']);
  });

  it('shows 5 slides with a small and a large image: Siguiente four times, then Finalizar closes', () => {
    stubKit();
    const onDone = vi.fn();
    render(<OnboardingModal user={user} withForm={false} onDone={onDone} />);
    expect(screen.getByRole('dialog', { name: 'Bienvenido a Kit Portal' })).toBeTruthy();
    const picture = document.querySelector('picture');
    expect(picture?.querySelector('source')?.getAttribute('srcset')).toBe('/images/onboarding/slide-1-large.svg');
    expect(picture?.querySelector('source')?.getAttribute('media')).toBe('(min-width: 800px)');
    expect(picture?.querySelector('img')?.getAttribute('src')).toBe('/images/onboarding/slide-1-small.svg');
    clickNext(4);
    expect(screen.getByTestId('onboarding-slide').dataset.index).toBe('4');
    expect(screen.queryByRole('button', { name: 'Siguiente' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Finalizar' }));
    expect(onDone).toHaveBeenCalledTimes(1);
  });

  it('without the form it can be closed, also by clicking outside', () => {
    const onDone = vi.fn();
    render(<OnboardingModal user={user} withForm={false} onDone={onDone} />);
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onDone).toHaveBeenCalledTimes(2);
  });

  it('with the form: a sixth slide "Completa tu perfil", not closable, not dismissable', () => {
    stubKit();
    const onDone = vi.fn();
    render(<OnboardingModal user={user} withForm onDone={onDone} />);
    expect(screen.queryByRole('button', { name: 'Cerrar' })).toBeNull();
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    fireEvent.keyDown(document, { key: 'Escape' });
    clickNext(5);
    expect(screen.getByRole('dialog', { name: 'Completa tu perfil' })).toBeTruthy();
    expect(screen.getByTestId('onboarding-slide').dataset.index).toBe('5');
    expect(onDone).not.toHaveBeenCalled();
  });

  it('the form slide saves the details (country code null without phone) and then closes', async () => {
    const fetchMock = stubKit();
    const onDone = vi.fn();
    render(<OnboardingModal user={user} withForm onDone={onDone} />);
    clickNext(5);
    const finish = screen.getByRole('button', { name: 'Finalizar' }) as HTMLButtonElement;
    expect(finish.disabled).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Femenino' }));
    fireEvent.change(screen.getByLabelText(/^Fecha de nacimiento/), { target: { value: '20051990' } });
    expect((screen.getByLabelText(/^Fecha de nacimiento/) as HTMLInputElement).value).toBe('20/05/1990');
    expect(finish.disabled).toBe(false);
    fireEvent.click(finish);
    await waitFor(() => expect(onDone).toHaveBeenCalledTimes(1));
    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/v3/personalDetails') ?? [];
    expect(JSON.parse(String(init?.body))).toEqual({ gender: 0, born_date: '1990-05-20', code_phone: null, phone_number: null });
    expect(onDone.mock.calls[0]?.[0]).toMatchObject({ gender: 0 });
    expect(getNotifications()[0]).toMatchObject({ kind: 'success', message: 'El perfil se ha actualizado correctamente' });
  });
});
