import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { buildTestApp } from '../../test/helper.ts';
import { mediaPath } from '../media/store.ts';
import { DEMO_DIR } from '../project-paths.ts';
import { seedDemoIfEmpty } from './demo.ts';

const catalog = JSON.parse(fs.readFileSync(path.join(DEMO_DIR, 'catalog.json'), 'utf8')) as {
  categories: unknown[];
  resources: { type_code: number; status: string }[];
  users: unknown[];
  comments: unknown[];
};

describe('the demo library', () => {
  it('loads into an empty database once, with its real files in the store', async () => {
    const t = await buildTestApp();
    const lines: string[] = [];
    // pino's two forms: warn(message) and warn(fields, message).
    const log = { warn: (a: unknown, b?: string) => lines.push(typeof a === 'string' ? a : (b ?? '')), info: () => undefined } as never;
    expect(await seedDemoIfEmpty(t.app.db, t.dataDir, log)).toBe(true);

    const count = (sql: string) => (t.app.db.prepare(sql).get() as { n: number }).n;
    expect(count('SELECT count(*) AS n FROM resources')).toBe(catalog.resources.length);
    expect(count('SELECT count(*) AS n FROM categories')).toBe(catalog.categories.length);
    expect(count('SELECT count(*) AS n FROM comments')).toBe(catalog.comments.length);
    expect(count("SELECT count(*) AS n FROM users WHERE user_name <> 'admin'")).toBe(catalog.users.length);
    expect(new Set(catalog.resources.map((r) => r.type_code))).toEqual(new Set([1, 2, 3, 4, 5, 6]));
    expect(catalog.resources.length).toBeGreaterThanOrEqual(40);

    // Every stored medium is the real file under its hash, with the type its bytes say.
    const media = t.app.db.prepare<[], { sha256: string; ext: string; mime: string; size: number }>('SELECT sha256, ext, mime, size FROM media').all();
    expect(media.length).toBeGreaterThan(40);
    for (const m of media) expect(fs.statSync(mediaPath(t.dataDir, m.sha256, m.ext)).size).toBe(m.size);
    for (const mime of ['video/mp4', 'audio/mpeg', 'application/pdf', 'image/jpeg', 'application/vnd.android.package-archive']) {
      expect(media.map((m) => m.mime)).toContain(mime);
    }
    // Playlists hold their items; demo passwords are generated and shown once.
    expect(count('SELECT count(*) AS n FROM resources WHERE type_code = 6 AND playlist_id IS NULL')).toBe(0);
    expect(lines.join('')).toMatch(/Usuarios de demostración/);

    expect(await seedDemoIfEmpty(t.app.db, t.dataDir, log)).toBe(false);
    expect(count('SELECT count(*) AS n FROM resources')).toBe(catalog.resources.length);
    await t.close();
  });
});
