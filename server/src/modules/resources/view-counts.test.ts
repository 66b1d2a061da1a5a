import fs from 'node:fs';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.ts';
import { loadConfig } from '../../config.ts';
import { createUser, tempDir } from '../../../test/helper.ts';
import { addResource } from '../../../test/library-fixtures.ts';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true });
});

async function kitOn(dataDir: string) {
  const app = await buildApp({ config: loadConfig({ KIT_DATA_DIR: dataDir, KIT_WEB_DIR: path.join(dataDir, 'no-web') }), logger: false });
  await app.ready();
  return app;
}

const counters = (app: Awaited<ReturnType<typeof kitOn>>, id: number) => ({
  views: app.db.prepare<[number], { views: number }>('SELECT views FROM resources WHERE id = ?').get(id)?.views,
  perDay: app.db.prepare<[number], { day: string; views: number }>('SELECT day, views FROM resource_stats_daily WHERE resource_id = ? ORDER BY day').all(id),
});

describe('batched resource views', () => {
  it('writes every counted view, per day, in one batch; a resource deleted meanwhile does not cost the others theirs', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const app = await kitOn(dataDir);
    try {
      const owner = await createUser(app, 'dueña', 'clave-dueña');
      const kept = addResource(app.db, { title: 'Agua segura', type: 2, user: owner, views: 4 });
      const gone = addResource(app.db, { title: 'Borrado', type: 2, user: owner });
      for (const day of ['2026-11-21', '2026-11-21', '2026-11-22']) app.viewCounts.add(kept, day);
      app.viewCounts.add(gone, '2026-11-22');
      expect(app.viewCounts.unwritten(kept)).toBe(3);
      app.db.prepare('DELETE FROM resources WHERE id = ?').run(gone);

      app.viewCounts.flush();
      expect(counters(app, kept)).toEqual({ views: 7, perDay: [{ day: '2026-11-21', views: 2 }, { day: '2026-11-22', views: 1 }] });
      expect(counters(app, gone)).toEqual({ views: undefined, perDay: [] });
      expect(app.viewCounts.unwritten(kept)).toBe(0);
    } finally {
      await app.close();
    }
  });

  it('writes the views still in memory when the server stops', async () => {
    const dataDir = tempDir();
    dirs.push(dataDir);
    const first = await kitOn(dataDir);
    const owner = await createUser(first, 'dueña', 'clave-dueña');
    const id = addResource(first.db, { title: 'Huerto escolar', type: 3, user: owner });
    // three people on their own phones (modules/counters: one view per person a day)
    for (let i = 0; i < 3; i++) expect((await first.inject({ method: 'GET', url: `/api/v2/resource/${id}`, remoteAddress: `10.72.0.${i + 1}` })).json().views).toBe(i + 1);
    expect(counters(first, id).views).toBe(0);
    await first.close();

    const again = await kitOn(dataDir);
    try {
      expect(counters(again, id).views).toBe(3);
    } finally {
      await again.close();
    }
  });
});
