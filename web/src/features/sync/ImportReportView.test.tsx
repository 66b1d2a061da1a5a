import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ImportReportView } from './ImportReportView.tsx';

const base = { packId: 'p', sourceKit: 'a.kit', added: 0, updated: 0, skipped: 0, refused: 0, withdrawn: 0, categoriesAdded: 0, categoriesUpdated: 0, categoriesRemoved: 0, categoriesKept: 0 };

describe('ImportReportView', () => {
  it('shows withdrawn resources and category changes in Spanish, categories named as such', () => {
    render(
      <ImportReportView
        report={{
          ...base,
          skipped: 1,
          withdrawn: 1,
          categoriesUpdated: 1,
          categoriesKept: 1,
          items: [
            { kind: 'resource', globalId: 'r1', title: 'Abono casero', outcome: 'withdrawn', reason: 'Retirado en el kit de origen' },
            { kind: 'category', globalId: 'c1', title: 'Frutales del valle', outcome: 'skipped', reason: 'Conflicto: cambiada en los dos kits; se conserva la versión de este kit' },
          ],
        }}
      />,
    );
    expect(screen.getByTestId('import-summary').textContent).toBe('Agregados: 0 · Actualizados: 0 · Omitidos: 1 · Rechazados: 0 · Retirados: 1');
    expect(screen.getByTestId('import-categories').textContent).toBe('Categorías: 0 nuevas · 1 actualizadas · 0 quitadas · 1 conservadas como estaban en este kit');
    expect(screen.getByRole('row', { name: /Abono casero/ }).textContent).toContain('Retirado');
    expect(screen.getByRole('row', { name: /Categoría «Frutales del valle»/ }).textContent).toContain('Omitido');
  });

  it('keeps the one-line summary of a plain import', () => {
    render(<ImportReportView report={{ ...base, added: 3, categoriesAdded: 2, items: [] }} />);
    expect(screen.getByTestId('import-summary').textContent).toBe('Agregados: 3 · Actualizados: 0 · Omitidos: 0 · Rechazados: 0');
    expect(screen.queryByTestId('import-categories')).toBeNull();
  });
});
