import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Notifications } from './Notifications.tsx';
import { getNotifications, notifyError, notifyInfo, notifySuccess, resetNotifications } from './notifications-store.ts';

describe('notifications', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => {
    resetNotifications();
    vi.useRealTimers();
  });

  it('success and error last 3 s; info stays until closed', () => {
    notifySuccess('Guardado');
    notifyError('Falló');
    notifyInfo('Aviso');
    vi.advanceTimersByTime(2_999);
    expect(getNotifications().map((n) => n.kind)).toEqual(['success', 'error', 'info']);
    vi.advanceTimersByTime(1);
    expect(getNotifications().map((n) => n.kind)).toEqual(['info']);
    vi.advanceTimersByTime(60_000);
    expect(getNotifications().map((n) => n.message)).toEqual(['Aviso']);
  });

  it('does not stack the same message twice', () => {
    notifyInfo('Su token ha expirado, vuelva a iniciar sesión');
    notifyInfo('Su token ha expirado, vuelva a iniciar sesión');
    expect(getNotifications()).toHaveLength(1);
  });

  it("does not show a form's error beside the same words the session already said", () => {
    notifyInfo('Su token ha expirado, vuelva a iniciar sesión');
    notifyError('Su token ha expirado, vuelva a iniciar sesión');
    expect(getNotifications().map((n) => [n.kind, n.message])).toEqual([['info', 'Su token ha expirado, vuelva a iniciar sesión']]);
    vi.advanceTimersByTime(60_000);
    expect(getNotifications()).toHaveLength(1);
  });

  it('shows each kind with its colour class and closes on its button', () => {
    render(<Notifications />);
    act(() => {
      notifyInfo('Aviso');
      notifyError('Falló');
      notifySuccess('Listo');
    });
    const region = screen.getByRole('region', { name: 'Notificaciones' });
    expect(region.className).toBe('notifications');
    expect(screen.getByRole('alert').className).toContain('notification--error');
    expect(screen.getByText('Aviso').parentElement?.className).toContain('notification--info');
    expect(screen.getByText('Listo').parentElement?.className).toContain('notification--success');
    fireEvent.click(screen.getAllByRole('button', { name: 'Cerrar' })[0] as HTMLElement);
    expect(screen.queryByText('Aviso')).toBeNull();
  });
});
