import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { UpdatePrompt } from './UpdatePrompt.tsx';
import { dismissUpdate, registerServiceWorker } from './register.ts';

const workbox = vi.hoisted(() => {
  const handlers = new Map<string, () => void>();
  const messageSkipWaiting = vi.fn();
  class FakeWorkbox {
    addEventListener(type: string, handler: () => void) {
      handlers.set(type, handler);
    }
    messageSkipWaiting = messageSkipWaiting;
    register = async () => undefined;
  }
  return { FakeWorkbox, handlers, messageSkipWaiting };
});

vi.mock('workbox-window', () => ({ Workbox: workbox.FakeWorkbox }));

async function newVersionWaiting() {
  const win = { isSecureContext: true, navigator: { serviceWorker: {} } as Navigator, location: window.location };
  await registerServiceWorker(win);
  act(() => workbox.handlers.get('waiting')?.());
}

describe('UpdatePrompt', () => {
  afterEach(() => act(() => dismissUpdate()));

  it('shows nothing while no new version waits', () => {
    render(<UpdatePrompt />);
    expect(screen.queryByRole('status')).toBeNull();
  });

  it('offers "Actualizar", which activates the waiting version', async () => {
    render(<UpdatePrompt />);
    await newVersionWaiting();
    expect(screen.getByRole('status').textContent).toContain('Hay una nueva versión del portal.');
    fireEvent.click(screen.getByRole('button', { name: 'Actualizar' }));
    expect(workbox.messageSkipWaiting).toHaveBeenCalledOnce();
  });

  it('goes away on "Más tarde" without activating anything', async () => {
    workbox.messageSkipWaiting.mockClear();
    render(<UpdatePrompt />);
    await newVersionWaiting();
    fireEvent.click(screen.getByRole('button', { name: 'Más tarde' }));
    expect(screen.queryByRole('status')).toBeNull();
    expect(workbox.messageSkipWaiting).not.toHaveBeenCalled();
  });
});
