import type { Service } from '@kit/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ServiceTile } from './ServiceTile.tsx';

function renderTile(overrides: Partial<Service>) {
  const service: Service = { id: 'library', name: 'Biblioteca', href: '/biblioteca', external: false, disabled: false, adminOnly: false, icon: 'library', ...overrides };
  return render(
    <MemoryRouter>
      <ServiceTile service={service} />
    </MemoryRouter>,
  );
}

describe('ServiceTile', () => {
  it('links to the tool when it has a target', () => {
    renderTile({});
    expect(screen.getByRole('link', { name: /Biblioteca/ })).toHaveProperty('pathname', '/biblioteca');
  });

  it('says "Próximamente" and is not a link when the tool has no target yet', () => {
    renderTile({ id: 'news', name: 'Noticias', href: null });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByTestId('service-news').textContent).toContain('Próximamente');
    expect(screen.getByTestId('service-news').getAttribute('aria-disabled')).toBe('true');
  });

  it('opens another service on the kit with a full page load, not the app router', () => {
    renderTile({ id: 'encyclopedia', name: 'Enciclopedia', href: 'http://portal.kit:8081/wikipedia_es', external: true });
    const link = screen.getByRole('link', { name: /Enciclopedia/ });
    expect(link.getAttribute('href')).toBe('http://portal.kit:8081/wikipedia_es');
  });

  it('shows a disabled tool as unavailable even when it has a target', () => {
    renderTile({ id: 'chat', name: 'Chat', href: '/chat', disabled: true });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.getByTestId('service-chat').textContent).toContain('No disponible');
  });

  it('shows the tool’s pictogram as inline SVG beside its name, which stays the tile’s accessible name', () => {
    renderTile({});
    const link = screen.getByRole('link', { name: 'Biblioteca' });
    const svg = link.querySelector('svg');
    expect(svg?.getAttribute('data-pictogram')).toBe('library');
    expect(svg?.querySelector('path')?.getAttribute('d')).toMatch(/^M/);
    expect(link.querySelector('.service-tile__mark')?.textContent).toBe('');
  });

  it('draws the default pictogram for a name it does not know (a menu kept from an older answer)', () => {
    renderTile({ icon: 'retired' as Service['icon'] });
    expect(screen.getByRole('link', { name: 'Biblioteca' }).querySelector('svg')?.getAttribute('data-pictogram')).toBe('star');
  });
});
