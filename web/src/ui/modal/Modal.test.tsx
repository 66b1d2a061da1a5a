import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { Modal } from './Modal.tsx';

describe('Modal', () => {
  it('is a labelled dialog that takes the focus and gives it back', () => {
    const opener = document.createElement('button');
    document.body.append(opener);
    opener.focus();
    const { unmount } = render(
      <Modal title="Título" closeLabel="Cerrar" onClose={() => undefined}>
        <input aria-label="campo" />
      </Modal>,
    );
    expect(screen.getByRole('dialog', { name: 'Título' }).getAttribute('aria-modal')).toBe('true');
    expect(document.activeElement).toBe(screen.getByLabelText('campo'));
    expect(document.body.style.overflow).toBe('hidden');
    unmount();
    expect(document.activeElement).toBe(opener);
    expect(document.body.style.overflow).toBe('');
    opener.remove();
  });

  it('keeps Tab inside the dialog', () => {
    render(
      <Modal title="Título" closeLabel="Cerrar" onClose={() => undefined}>
        <input aria-label="campo" />
        <button type="button">Guardar</button>
      </Modal>,
    );
    const close = screen.getByRole('button', { name: 'Cerrar' });
    const save = screen.getByRole('button', { name: 'Guardar' });
    save.focus();
    fireEvent.keyDown(document, { key: 'Tab' });
    expect(document.activeElement).toBe(close);
    fireEvent.keyDown(document, { key: 'Tab', shiftKey: true });
    expect(document.activeElement).toBe(save);
  });

  it('closes with ×, Escape and a click outside, but not with a click inside', () => {
    const onClose = vi.fn();
    render(
      <Modal title="Título" closeLabel="Cerrar" onClose={onClose}>
        <p>contenido</p>
      </Modal>,
    );
    fireEvent.click(screen.getByText('contenido'));
    expect(onClose).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Cerrar' }));
    fireEvent.keyDown(document, { key: 'Escape' });
    fireEvent.click(screen.getByTestId('modal-backdrop'));
    expect(onClose).toHaveBeenCalledTimes(3);
  });
});
