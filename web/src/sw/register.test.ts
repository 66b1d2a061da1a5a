import { afterEach, describe, expect, it, vi } from 'vitest';
import { canUseServiceWorker, dismissUpdate, getPendingUpdate, registerServiceWorker, subscribeToUpdate } from './register.ts';

const workbox = vi.hoisted(() => {
  type Handler = () => void;
  class FakeWorkbox {
    static last: FakeWorkbox | null = null;
    static registerFails = false;
    readonly handlers = new Map<string, Handler[]>();
    readonly register = vi.fn(async () => {
      if (FakeWorkbox.registerFails) throw new DOMException('The operation is insecure.', 'SecurityError');
    });
    readonly messageSkipWaiting = vi.fn();
    readonly url: string;
    constructor(url: string) {
      this.url = url;
      FakeWorkbox.last = this;
    }
    addEventListener(type: string, handler: Handler) {
      this.handlers.set(type, [...(this.handlers.get(type) ?? []), handler]);
    }
    emit(type: string) {
      for (const handler of this.handlers.get(type) ?? []) handler();
    }
  }
  return { FakeWorkbox };
});

vi.mock('workbox-window', () => ({ Workbox: workbox.FakeWorkbox }));

function fakeWindow(isSecureContext: boolean, withServiceWorker: boolean) {
  const navigator = (withServiceWorker ? { serviceWorker: {} } : {}) as Navigator;
  return { isSecureContext, navigator, location: { reload: vi.fn() } as unknown as Location };
}

describe('service worker registration', () => {
  afterEach(() => {
    dismissUpdate();
    workbox.FakeWorkbox.last = null;
    workbox.FakeWorkbox.registerFails = false;
  });

  it.each([
    [true, true, true],
    [false, true, false],
    [true, false, false],
  ])('secure=%s, serviceWorker=%s: usable %s', (secure, withSw, usable) => {
    expect(canUseServiceWorker(fakeWindow(secure, withSw))).toBe(usable);
  });

  it('does not register on a plain-HTTP kit', async () => {
    await expect(registerServiceWorker(fakeWindow(false, false))).resolves.toBe(false);
    expect(workbox.FakeWorkbox.last).toBeNull();
  });

  it('registers /sw.js and offers a waiting version without forcing it', async () => {
    const win = fakeWindow(true, true);
    const listener = vi.fn();
    const unsubscribe = subscribeToUpdate(listener);
    await expect(registerServiceWorker(win)).resolves.toBe(true);
    const wb = workbox.FakeWorkbox.last;
    expect(wb?.url).toBe('/sw.js');
    expect(wb?.register).toHaveBeenCalledOnce();
    expect(getPendingUpdate()).toBeNull();

    wb?.emit('waiting');
    expect(listener).toHaveBeenCalledOnce();
    expect(wb?.messageSkipWaiting).not.toHaveBeenCalled();

    getPendingUpdate()?.();
    expect(wb?.messageSkipWaiting).toHaveBeenCalledOnce();
    expect(win.location.reload).not.toHaveBeenCalled();
    wb?.emit('controlling');
    expect(win.location.reload).toHaveBeenCalledOnce();
    unsubscribe();
  });

  it('carries on without offline support when the registration fails', async () => {
    workbox.FakeWorkbox.registerFails = true;
    await expect(registerServiceWorker(fakeWindow(true, true))).resolves.toBe(false);
    expect(workbox.FakeWorkbox.last?.register).toHaveBeenCalledOnce();
  });

  it('forgets the offer when the user declines it', async () => {
    await registerServiceWorker(fakeWindow(true, true));
    workbox.FakeWorkbox.last?.emit('waiting');
    expect(getPendingUpdate()).not.toBeNull();
    dismissUpdate();
    expect(getPendingUpdate()).toBeNull();
  });
});
