import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { deleteWording } from '../../i18n/es-delete.ts';
import { DeleteDialog } from './DeleteDialog.tsx';

describe('DeleteDialog', () => {
  it('asks «¿Eliminar …?», says what goes and that it cannot be undone, with «Cancelar» then «Eliminar» in the danger style', () => {
    const onConfirm = vi.fn();
    render(<DeleteDialog wording={deleteWording('la lista «Salud»', 'Sus recursos siguen en la biblioteca.')} onConfirm={onConfirm} onCancel={vi.fn()} />);
    const dialog = screen.getByRole('dialog', { name: '¿Eliminar la lista «Salud»?' });
    expect(dialog.textContent).toContain('Sus recursos siguen en la biblioteca. Esta acción no se puede deshacer.');
    const buttons = [...dialog.querySelectorAll('.confirm-dialog__actions button')];
    expect(buttons.map((b) => [b.textContent, b.className])).toEqual([
      ['Cancelar', 'button button--light'],
      ['Eliminar', 'button button--danger'],
    ]);
    fireEvent.click(screen.getByRole('button', { name: 'Eliminar' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
  });
});
