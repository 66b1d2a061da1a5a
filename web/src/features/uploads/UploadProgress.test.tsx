import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NETWORK_ERROR } from '../../api/client.ts';
import type { UploadState } from './upload-client.ts';
import { UploadProgress } from './UploadProgress.tsx';

const sending: UploadState = { phase: 'sending', sent: 1_000, size: 10_000, error: null };
const dropped = new ApiError({ httpCode: 0, type: 'network', code: NETWORK_ERROR, message: 'sin red', data: null });

describe('UploadProgress', () => {
  afterEach(() => vi.restoreAllMocks());

  it('brings the interrupted notice into sight and gives it the focus when the link drops', () => {
    const scrolled = vi.spyOn(HTMLElement.prototype, 'scrollIntoView').mockImplementation(() => undefined);
    const { rerender } = render(<UploadProgress state={sending} onResume={vi.fn()} onCancel={vi.fn()} />);
    expect(scrolled).not.toHaveBeenCalled();
    rerender(<UploadProgress state={{ ...sending, phase: 'waiting', error: dropped }} onResume={vi.fn()} onCancel={vi.fn()} />);
    const notice = screen.getByRole('alert');
    expect(notice.textContent).toBe('La subida se interrumpió. Se reanudará sola cuando vuelva la conexión.');
    expect(scrolled.mock.contexts).toEqual([notice]);
    expect(document.activeElement).toBe(notice);
  });
});
