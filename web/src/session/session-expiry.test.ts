import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '../api/api.ts';
import { db } from '../offline/db.ts';
import { getNotifications, resetNotifications } from '../ui/notifications/notifications-store.ts';
import { ensureSessionLoaded, getSession, resetSessionForTests, setSessionNavigator } from './session-store.ts';

/*
 * A session that expires while the page has several calls in flight, with the
 * outbox loaded and holding a change made offline: the kit refuses them all at
 * once, and the user must read one message, not a second copy nor a notice of
 * changes discarded (the outbox keeps them for the user's next login).
 */

const ana = { id: 7, user_name: 'ana', is_admin: false, roleId: 2 };

const refused = () => Response.json({ error: { httpCode: 401, type: 'auth', code: 'TOKEN_EXPIRED', message: 'Su token ha expirado, vuelva a iniciar sesión', data: null } }, { status: 401 });

describe('a session that expires with calls in flight', () => {
  const navigate = vi.fn();

  beforeEach(async () => {
    resetSessionForTests();
    resetNotifications();
    localStorage.clear();
    await db.outbox.clear();
    setSessionNavigator(navigate);
    navigate.mockReset();
  });

  afterEach(() => {
    resetSessionForTests();
    resetNotifications();
  });

  it('says so once and keeps the changes the outbox holds', async () => {
    let answerBoth: () => void = () => undefined;
    const bothAnswered = new Promise<void>((resolve) => (answerBoth = resolve));
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const path = String(input).replace(/^\/api/, '');
        if (path === '/v2/session') return Response.json({ user: ana, mustChangePassword: false });
        if (path === '/deauth' && init?.method === 'POST') return Response.json({ ok: true });
        // every other call waits until both are in flight, then both are refused together
        await bothAnswered;
        return refused();
      }),
    );
    await ensureSessionLoaded();
    const { flushOutbox } = await import('../offline/outbox-runtime.ts');
    await flushOutbox();
    // a comment made while the link was down, still queued
    await db.outbox.add({
      userId: 7,
      key: 'k-1',
      kind: 'comment',
      resourceId: 3,
      label: 'Comentario en «Agua limpia»',
      requests: [{ method: 'POST', path: '/comment/create', body: { resource_id: 3, comment: 'hola' } }],
      createdAt: Date.now(),
      attempts: 1,
      status: 'pending',
      lastError: null,
    } as Parameters<typeof db.outbox.add>[0]);

    const calls = Promise.allSettled([api.get('/user/7'), api.get('/v2/playlists')]);
    answerBoth();
    await calls;
    await vi.waitFor(() => expect(navigate).toHaveBeenCalledWith('/login?cb=/menu'));
    // the outbox's reaction to the logout has run: it reads the outbox once more after it
    await db.outbox.count();

    expect(getSession().loggedIn).toBe(false);
    expect(getNotifications().map((n) => n.message)).toEqual(['Su token ha expirado, vuelva a iniciar sesión']);
    expect(await db.outbox.where('userId').equals(7).count()).toBe(1);
  });
});
