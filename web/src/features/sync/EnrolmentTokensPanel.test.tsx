import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { EnrolmentToken } from '@kit/contract';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { EnrolmentTokensPanel } from './EnrolmentTokensPanel.tsx';

const calls = vi.hoisted(() => ({ tokens: [] as unknown[], created: [] as unknown[], revoked: [] as number[] }));
vi.mock('./sync-api.ts', () => ({
  listEnrolmentTokens: () => Promise.resolve(calls.tokens),
  createEnrolmentToken: (body: unknown) => {
    calls.created.push(body);
    return Promise.resolve({ token: { ...active, id: 2 }, text: 'kp1.kits.example.org.0123456789abcdef.SECRETO' });
  },
  revokeEnrolmentToken: (id: number) => {
    calls.revoked.push(id);
    return Promise.resolve(null);
  },
}));

const active: EnrolmentToken = { id: 1, label: 'Valle norte', usesTotal: 3, usesLeft: 2, expiresAt: '2027-01-01T00:00:00.000Z', revokedAt: null, createdAt: '2026-12-01T00:00:00.000Z', state: 'active' };

describe('EnrolmentTokensPanel', () => {
  beforeEach(() => {
    calls.tokens = [active];
    calls.created = [];
    calls.revoked = [];
  });

  it('lists tokens with their uses left and state, and revokes one', async () => {
    render(<EnrolmentTokensPanel />);
    const row = (await screen.findByText('Valle norte')).closest('tr')!;
    expect(row.textContent).toContain('quedan 2 de 3');
    expect(row.textContent).toContain('Vigente');
    fireEvent.click(screen.getByRole('button', { name: 'Anular' }));
    await waitFor(() => expect(calls.revoked).toEqual([1]));
  });

  it('makes a token for so many kits and days and shows its text once, to copy', async () => {
    render(<EnrolmentTokensPanel />);
    await screen.findByText('Valle norte');
    fireEvent.change(screen.getByLabelText('Para cuántos kits'), { target: { value: '12' } });
    fireEvent.change(screen.getByLabelText('Válido durante (días)'), { target: { value: '14' } });
    fireEvent.click(screen.getByRole('button', { name: 'Crear código' }));
    const text = await screen.findByTestId('enrolment-token-text');
    expect((text as HTMLTextAreaElement).value).toBe('kp1.kits.example.org.0123456789abcdef.SECRETO');
    expect(calls.created).toEqual([{ uses: 12, days: 14 }]);
    expect(screen.getByText(/no se vuelve a mostrar/)).toBeTruthy();
  });
});
