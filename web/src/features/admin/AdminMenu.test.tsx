import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AdminMenu } from './AdminShell.tsx';

const links = () => screen.getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')]);

describe('AdminMenu (admin side menu)', () => {
  it('lists every entry in order, with pending approval and On/Off Kit when moderation and kit are on', () => {
    render(<MemoryRouter><AdminMenu config={{ isKit: true, resourceModeration: true }} /></MemoryRouter>);
    expect(links()).toEqual([
      ['Resumen', '/admin'],
      ['Usuarios', '/admin/users'],
      ['Ver todos', '/admin/resources/all'],
      ['Subir recursos', '/admin/resources/upload'],
      ['Por aprobar', '/admin/resources/pending-approval'],
      ['Por publicar', '/admin/resources/draft'],
      ['Reportados', '/admin/resources/reports'],
      ['Bloqueados', '/admin/resources/block'],
      ['Categorías', '/admin/category'],
      ['Datos y ajustes', '/admin/data'],
      ['Sincronización', '/admin/sync'],
      ['Menú del portal', '/admin/menu'],
      ['Anuncios', '/admin/anuncios'],
      ['Mensajes', '/admin/mensajes'],
      ['On/Off Kit', '/admin/device'],
      ['Volver al Menú', '/menu'],
    ]);
  });

  it('hides Por aprobar without moderation and On/Off Kit off a kit', () => {
    render(<MemoryRouter><AdminMenu config={{ isKit: false, resourceModeration: false }} /></MemoryRouter>);
    expect(screen.queryByRole('link', { name: 'Por aprobar' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'On/Off Kit' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Por publicar' })).toBeTruthy();
  });
});
