import type { ResourceStatus } from '@kit/contract';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { dispatchSession, resetSessionForTests } from '../../session/session-store.ts';
import { reviewLink, reviewStateOf } from './review.ts';
import { ReviewNotice } from './ReviewNotice.tsx';

const resource = (status: ResourceStatus, extra: { statusReason?: string | null; reportNotes?: { reason: string; createdAt: string }[] } = {}) => ({
  id: 12,
  title: 'Mapa del valle',
  status,
  user: { id: 7 },
  ...extra,
});

function as(user: { id: number; is_admin: boolean } | null) {
  dispatchSession({ type: 'loaded', user: user && { ...user, user_name: 'quien', roleId: user.is_admin ? 1 : 2, FullImageUrl: null }, mustChangePassword: false });
}

function renderNotice(props: Parameters<typeof ReviewNotice>[0]) {
  return render(
    <MemoryRouter>
      <ReviewNotice {...props} />
    </MemoryRouter>,
  );
}

describe('reviewStateOf', () => {
  it('tells every status but published, and published only when reported', () => {
    expect(reviewStateOf({ status: 'draft' })).toBe('draft');
    expect(reviewStateOf({ status: 'blocked' })).toBe('blocked');
    expect(reviewStateOf({ status: 'published' })).toBeNull();
    expect(reviewStateOf({ status: 'published', reportNotes: [] })).toBeNull();
    expect(reviewStateOf({ status: 'published', reportNotes: [{ reason: 'x', createdAt: '2026-11-01T00:00:00Z' }] })).toBe('reported');
  });
});

describe('reviewLink', () => {
  it('sends the owner to the form for a draft or a rejection, and to the contact form otherwise', () => {
    expect(reviewLink(resource('rejected'), 'rejected', 'owner')).toEqual({ to: '/upload/draft?id=12', label: 'Corregir y volver a enviar' });
    expect(reviewLink(resource('draft'), 'draft', 'owner')?.to).toBe('/upload/draft?id=12');
    expect(reviewLink(resource('blocked'), 'blocked', 'owner')).toEqual({ to: '#contacto', label: 'Escribir al administrador' });
    expect(reviewLink(resource('pending'), 'pending', 'owner')).toBeNull();
  });

  it('sends an admin to the list where the decision is made, searched for the title', () => {
    expect(reviewLink(resource('pending'), 'pending', 'admin')?.to).toBe('/admin/resources/pending-approval?q=Mapa%20del%20valle');
    expect(reviewLink(resource('published'), 'reported', 'admin')?.to).toBe('/admin/resources/reports?q=Mapa%20del%20valle');
    expect(reviewLink(resource('rejected'), 'rejected', 'admin')).toBeNull();
  });
});

describe('ReviewNotice', () => {
  afterEach(() => resetSessionForTests());

  it('tells the owner a rejection, its reason and the way to resend', () => {
    as({ id: 7, is_admin: false });
    renderNotice({ resource: resource('rejected', { statusReason: 'Falta la fuente' }) });
    expect(screen.getByRole('heading', { name: 'Estado: Rechazado' })).toBeTruthy();
    expect(screen.getByText('Motivo: Falta la fuente')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Corregir y volver a enviar' })).toHaveProperty('search', '?id=12');
  });

  it('says when a block came without a reason', () => {
    as({ id: 7, is_admin: false });
    renderNotice({ resource: resource('blocked', { statusReason: null }) });
    expect(screen.getByText('El administrador no indicó el motivo.')).toBeTruthy();
  });

  it('lists what the reports say, as text', () => {
    as({ id: 7, is_admin: false });
    renderNotice({ resource: resource('published', { reportNotes: [{ reason: '<b>mal</b>', createdAt: '2026-11-03T10:00:00Z' }] }) });
    expect(screen.getByRole('listitem').textContent).toContain('<b>mal</b>');
  });

  it('in a list, gives the state, why and the next step in a few words', () => {
    as({ id: 7, is_admin: false });
    renderNotice({ resource: resource('rejected', { statusReason: 'Falta la fuente' }), compact: true });
    expect(screen.getByTestId('review-notice').textContent).toBe('RechazadoMotivo: Falta la fuenteCorrígelo y vuelve a enviarlo.');
  });

  it('gives an admin who is not the owner the admin’s next step', () => {
    as({ id: 1, is_admin: true });
    renderNotice({ resource: resource('pending') });
    expect(screen.getByText('Espera la revisión de un administrador.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Revisar en «Por aprobar»' })).toBeTruthy();
  });

  it('shows nothing for a published, unreported resource, nor to anyone else', () => {
    as({ id: 7, is_admin: false });
    const { container } = renderNotice({ resource: resource('published') });
    expect(container.textContent).toBe('');
    resetSessionForTests();
    as({ id: 9, is_admin: false });
    const other = renderNotice({ resource: resource('published', { reportNotes: [{ reason: 'x', createdAt: '2026-11-03T10:00:00Z' }] }) });
    expect(other.container.textContent).toBe('');
  });
});
