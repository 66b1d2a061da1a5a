import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { ConfirmDialog } from './ConfirmDialog.tsx';

const words = { title: '¿Reiniciar el kit?', message: 'La biblioteca dejará de responder un minuto.', confirmLabel: 'Reiniciar', workingLabel: 'Enviando la orden…' };

describe('ConfirmDialog', () => {
  it('asks, with the cancel button focused so a stray Enter never confirms', () => {
    render(<ConfirmDialog {...words} onConfirm={vi.fn()} onCancel={vi.fn()} />);
    expect(screen.getByRole('dialog', { name: '¿Reiniciar el kit?' })).toBeTruthy();
    expect(screen.getByText('La biblioteca dejará de responder un minuto.')).toBeTruthy();
    expect(document.activeElement?.textContent).toBe('Cancelar');
  });

  it('cancels with the button, Escape or the ×, without confirming', () => {
    const onConfirm = vi.fn();
    const onCancel = vi.fn();
    render(<ConfirmDialog {...words} onConfirm={onConfirm} onCancel={onCancel} />);
    fireEvent.click(screen.getByText('Cancelar', { selector: 'button' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onCancel).toHaveBeenCalledTimes(2);
    expect(onConfirm).not.toHaveBeenCalled();
  });

  it('runs the action once, its buttons off until it settles', async () => {
    let finish: () => void = () => undefined;
    const onConfirm = vi.fn(() => new Promise<void>((resolve) => (finish = resolve)));
    const onCancel = vi.fn();
    render(<ConfirmDialog {...words} onConfirm={onConfirm} onCancel={onCancel} />);
    fireEvent.click(screen.getByRole('button', { name: 'Reiniciar' }));
    const working = screen.getByRole('button', { name: 'Enviando la orden…' }) as HTMLButtonElement;
    expect(working.disabled).toBe(true);
    fireEvent.click(working);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(onCancel).not.toHaveBeenCalled();
    await act(async () => finish());
    expect((screen.getByRole('button', { name: 'Reiniciar' }) as HTMLButtonElement).disabled).toBe(false);
  });

  it('holds more of the question (a reason field), focused first, and keeps confirm off while asked to', () => {
    const onConfirm = vi.fn();
    const { rerender } = render(
      <ConfirmDialog title="¿Rechazar el recurso?" message="Volverá a su dueño." confirmLabel="Rechazar" workingLabel="Guardando…" confirmDisabled onConfirm={onConfirm} onCancel={vi.fn()}>
        <textarea aria-label="Motivo" />
      </ConfirmDialog>,
    );
    expect(document.activeElement).toBe(screen.getByRole('textbox', { name: 'Motivo' }));
    const confirm = screen.getByRole('button', { name: 'Rechazar' }) as HTMLButtonElement;
    expect(confirm.disabled).toBe(true);
    rerender(
      <ConfirmDialog title="¿Rechazar el recurso?" message="Volverá a su dueño." confirmLabel="Rechazar" workingLabel="Guardando…" onConfirm={onConfirm} onCancel={vi.fn()}>
        <textarea aria-label="Motivo" />
      </ConfirmDialog>,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Rechazar' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Guardando…' })).toBeTruthy();
  });
});
