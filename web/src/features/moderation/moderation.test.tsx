import { REASON_MAX as CONTRACT_REASON_MAX, type ManagedResource, type ManagedSummary, type Report } from '@kit/contract';
import { fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../api/client.ts';
import { ModerationRow } from './ModerationRow.tsx';
import { applyUpdate, filtersQuery, loadErrorOf, moderationErrorMessage, readFilters, REASON_MAX, reasonRule, rowActions, stateLabels, withoutReport } from './moderation-lists.ts';

const report = (id: number, reason = 'Contenido ofensivo'): Report => ({
  id,
  resourceId: 7,
  reason,
  status: 'open',
  user: { id: 3, user_name: 'rosa', FullImageUrl: null },
  createdAt: '2026-11-20T10:00:00.000Z',
  resolvedAt: null,
});

const summary = (extra: Partial<ManagedSummary> = {}): ManagedSummary => ({
  id: 7,
  title: 'Cuentos del valle',
  excerpt: '',
  author: 'Comunidad',
  type: 2,
  status: 'published',
  content_type_id: null,
  content_type: null,
  user: { id: 2, user_name: 'juan', FullImageUrl: null },
  createdAt: '2026-11-01T12:00:00.000Z',
  coverUrl: null,
  mediaUrl: null,
  mime: null,
  size: null,
  duration: null,
  views: 0,
  downloads: 0,
  statusReason: null,
  reportNotes: [],
  rightsDeclared: true,
  actions: [],
  openReports: 0,
  mediaName: null,
  upload: null,
  renditionJob: null,
  ...extra,
});

const apiError = (httpCode: number, code: string, message: string) => new ApiError({ httpCode, type: 'client', code, message, data: null });

describe('loadErrorOf', () => {
  it('names blocked and reported lists, and "recursos" for the rest', () => {
    expect(loadErrorOf('block')).toBe('Hubo un problema obteniendo la lista de recursos bloqueados');
    expect(loadErrorOf('reports')).toBe('Hubo un problema obteniendo la lista de recursos reportados');
    for (const list of ['all', 'pending-approval', 'draft'] as const) expect(loadErrorOf(list)).toBe('Hubo un problema obteniendo la lista de recursos');
  });
});

describe('filters in the address', () => {
  it('reads q, type and page, and falls back on anything unreadable', () => {
    expect(readFilters(new URLSearchParams('q=%20valle%20&type=3&page=2'))).toEqual({ q: 'valle', type: 3, page: 2 });
    expect(readFilters(new URLSearchParams('type=9&page=-1'))).toEqual({ q: '', type: 0, page: 1 });
    expect(readFilters(new URLSearchParams(`q=${'a'.repeat(300)}`)).q).toHaveLength(200);
  });

  it('writes only what differs from the defaults, and reads back the same', () => {
    expect(filtersQuery({ q: '', type: 0, page: 1 })).toBe('');
    const query = filtersQuery({ q: 'año nuevo', type: 4, page: 3 });
    expect(readFilters(new URLSearchParams(query.slice(1)))).toEqual({ q: 'año nuevo', type: 4, page: 3 });
  });
});

describe('rowActions', () => {
  it('draws buttons from the server\'s actions in a fixed order, submit as publish', () => {
    expect(rowActions(['delete', 'reject', 'edit', 'approve'])).toEqual(['approve', 'reject', 'delete']);
    expect(rowActions(['edit', 'delete', 'submit'])).toEqual(['publish', 'delete']);
    expect(rowActions(['block', 'keep', 'edit'])).toEqual(['keep', 'block']);
    expect(rowActions(['unblock', 'edit'])).toEqual(['unblock']);
  });

  it('leaves out the owner\'s moves and editing', () => {
    expect(rowActions(['edit', 'withdraw', 'report'])).toEqual([]);
  });
});

describe('reasonRule', () => {
  it('requires a reason to reject, offers one to block, asks none otherwise', () => {
    expect(reasonRule('reject')).toBe('required');
    expect(reasonRule('block')).toBe('optional');
    expect(reasonRule('approve')).toBeNull();
    expect(reasonRule('delete')).toBeNull();
  });

  it('limits the reason as the server does', () => {
    expect(REASON_MAX).toBe(CONTRACT_REASON_MAX);
  });
});

describe('row refresh', () => {
  it('takes the new status, reason and actions from the answer', () => {
    const row = summary({ status: 'pending', actions: ['approve', 'reject', 'edit'] });
    const updated = { ...row, status: 'rejected', statusReason: 'Falta la licencia', actions: ['edit'], coverCustom: false } as unknown as ManagedResource;
    expect(applyUpdate(row, updated)).toMatchObject({ status: 'rejected', statusReason: 'Falta la licencia', actions: ['edit'] });
  });

  it('drops the reports list once keep or block closed them all', () => {
    const row = summary({ openReports: 2, reports: [report(1), report(2)], actions: ['block', 'keep'] });
    const kept = { ...row, openReports: 0, actions: ['block'], coverCustom: false } as unknown as ManagedResource;
    expect(applyUpdate(row, kept)).toMatchObject({ openReports: 0, reports: [] });
    expect(applyUpdate(summary(), kept)).not.toHaveProperty('reports');
  });

  it('dismissing a report removes it and lowers the count', () => {
    const row = summary({ openReports: 2, reports: [report(1), report(2)] });
    const after = withoutReport(row, 1);
    expect(after.reports?.map((r) => r.id)).toEqual([2]);
    expect(after.openReports).toBe(1);
    expect(withoutReport(after, 99).openReports).toBe(1);
  });
});

describe('stateLabels', () => {
  it('shows the status, and the open reports while there are any', () => {
    expect(stateLabels({ status: 'pending', openReports: 0 })).toEqual(['Por aprobar']);
    expect(stateLabels({ status: 'published', openReports: 3 })).toEqual(['Publicado', 'Reportado (3)']);
    expect(stateLabels({ status: 'blocked', openReports: 0 })).toEqual(['Bloqueado']);
  });
});

describe('moderationErrorMessage', () => {
  it('shows the server\'s Spanish message, the unreachable-kit one, or a fallback', () => {
    expect(moderationErrorMessage(apiError(409, 'INVALID_TRANSITION', 'Solo se aprueba lo que espera aprobación'))).toBe('Solo se aprueba lo que espera aprobación');
    expect(moderationErrorMessage(apiError(0, NETWORK_ERROR, ''))).toMatch(/No se pudo conectar/);
    expect(moderationErrorMessage(apiError(500, 'INTERNAL', ''))).toBe('No se pudo completar la acción');
    expect(moderationErrorMessage(new Error('x'))).toBe('No se pudo completar la acción');
  });
});

describe('ModerationRow', () => {
  const draw = (row: ManagedSummary) => {
    const onAction = vi.fn();
    const onDismiss = vi.fn();
    render(
      <MemoryRouter>
        <ModerationRow row={row} onAction={onAction} onDismiss={onDismiss} onCopies={vi.fn()} />
      </MemoryRouter>,
    );
    return { onAction, onDismiss, article: screen.getByRole('article', { name: row.title }) };
  };

  it('shows title, type, owner, date and state, with a link to the resource', () => {
    const { article } = draw(summary({ status: 'rejected', statusReason: 'Falta la licencia' }));
    expect(within(article).getByRole('link', { name: 'Cuentos del valle' }).getAttribute('href')).toBe('/resource/7');
    expect(article.textContent).toContain('Documento');
    expect(article.textContent).toContain('juan');
    expect(article.textContent).toContain('01/11/2026');
    expect(within(article).getByTestId('moderation-state').textContent).toBe('Rechazado');
    expect(article.textContent).toContain('Falta la licencia');
  });

  it('offers the moves the server allows and tells which one was pressed', () => {
    const { onAction, article } = draw(summary({ status: 'pending', actions: ['edit', 'delete', 'approve', 'reject'] }));
    expect(within(article).getAllByRole('button').map((b) => b.textContent)).toEqual(['Aprobar', 'Rechazar', 'Eliminar']);
    fireEvent.click(within(article).getByRole('button', { name: 'Rechazar' }));
    expect(onAction).toHaveBeenCalledWith('reject');
  });

  it('lists the open reports with their reasons and reporters, each dismissable', () => {
    const { onDismiss, article } = draw(summary({ openReports: 2, actions: ['block', 'keep'], reports: [report(4, 'Es publicidad'), report(5)] }));
    expect(within(article).getByTestId('moderation-state').textContent).toBe('PublicadoReportado (2)');
    expect(within(article).getByTestId('report-4').textContent).toContain('Es publicidad');
    expect(within(article).getByTestId('report-4').textContent).toContain('rosa, 20/11/2026');
    fireEvent.click(within(within(article).getByTestId('report-5')).getByRole('button', { name: 'Descartar reporte' }));
    expect(onDismiss).toHaveBeenCalledWith(expect.objectContaining({ id: 5 }));
  });

  it('says how far the light copy is, or why it failed', () => {
    draw(summary({ id: 8, title: 'Siembra', type: 3, renditionJob: { kind: 'video', state: 'running', progress: 40, code: null, reason: null } }));
    expect(within(screen.getByRole('article', { name: 'Siembra' })).getByRole('status').textContent).toBe('Preparando video para teléfonos… 40 %');
    draw(summary({ id: 9, title: 'Cosecha', type: 3, renditionJob: { kind: 'video', state: 'failed', progress: 0, code: 'RENDITION_UNREADABLE', reason: 'El archivo está dañado o incompleto: no se pudo leer entero' } }));
    expect(within(screen.getByRole('article', { name: 'Cosecha' })).getByRole('alert').textContent).toContain('El archivo está dañado o incompleto');
  });

  it('names a deleted owner', () => {
    const { article } = draw(summary({ user: null }));
    expect(article.textContent).toContain('Usuario eliminado');
  });
});
