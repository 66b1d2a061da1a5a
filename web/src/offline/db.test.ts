import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it } from 'vitest';
import { PortalDb } from './db.ts';

describe('PortalDb', () => {
  let opened: PortalDb | null = null;
  afterEach(async () => {
    await opened?.delete();
    opened = null;
  });

  it('opens with every store the offline features use', async () => {
    opened = new PortalDb('test-stores');
    await opened.open();
    expect(opened.tables.map((table) => table.name).sort()).toEqual(
      ['articleCopies', 'categories', 'meta', 'outbox', 'resources', 'savedArticles', 'savedMedia', 'searchPages'].sort(),
    );
    expect(opened.verno).toBe(3);
  });

  it('numbers outbox entries in the order they were queued', async () => {
    opened = new PortalDb('test-outbox');
    const entry = { userId: 1, kind: 'comment' as const, resourceId: 3, label: '', createdAt: 1, attempts: 0, status: 'pending' as const, lastError: null };
    await opened.outbox.add({ ...entry, key: 'a', requests: [{ method: 'POST', path: '/comment/create' }] });
    await opened.outbox.add({ ...entry, key: 'b', requests: [{ method: 'POST', path: '/comment/delete/4' }] });
    const queued = await opened.outbox.where('userId').equals(1).toArray();
    expect(queued.map((item) => item.requests[0]?.path)).toEqual(['/comment/create', '/comment/delete/4']);
    expect(queued[0]?.id).toBeLessThan(queued[1]?.id ?? 0);
  });

  it('finds saved media least recently used first, for eviction', async () => {
    opened = new PortalDb('test-media');
    await opened.savedMedia.bulkAdd([
      { resourceId: 1, url: '/media/a.mp4', bytes: 10, savedAt: 1, lastUsedAt: 30 },
      { resourceId: 2, url: '/media/b.mp4', bytes: 10, savedAt: 1, lastUsedAt: 10 },
    ]);
    const oldest = await opened.savedMedia.orderBy('lastUsedAt').first();
    expect(oldest?.resourceId).toBe(2);
  });
});
