import type { Service, TileIcon } from '@kit/contract';
import { render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Pictogram } from '../menu/Pictogram.tsx';
import { ToolStrip } from './ToolStrip.tsx';

const tool = (id: string, name: string, icon: TileIcon): Service => ({ id, name, href: `/${id}`, external: false, disabled: false, adminOnly: false, icon });

describe('ToolStrip', () => {
  it('marks each shortcut with the pictogram the menu draws for that tool, not a letter', () => {
    const tools = [tool('apps', 'Aplicaciones', 'apps'), tool('ads', 'Anuncios', 'megaphone')];
    render(
      <MemoryRouter>
        <ToolStrip tools={tools} />
      </MemoryRouter>,
    );
    for (const t of tools) {
      const mark = screen.getByRole('link', { name: t.name }).querySelector('.tool-strip__mark');
      expect(mark?.textContent).toBe('');
      expect(mark?.innerHTML).toBe(renderToStaticMarkup(<Pictogram name={t.icon} size={22} />));
    }
  });
});
