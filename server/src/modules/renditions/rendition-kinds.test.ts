import path from 'node:path';
import { RENDITION_JOB_KINDS, RENDITION_KINDS, RENDITION_SPECS, RenditionKindSchema } from '@kit/contract';
import { Value } from 'typebox/value';
import { describe, expect, it } from 'vitest';
import { tempDir } from '../../../test/helper.ts';
import { openDatabase } from '../../db/connection.ts';
import { migrate } from '../../db/migrate.ts';
import { PackRenditionSchema } from '../sync/pack-format.ts';
import { copyKindsFor } from './store-renditions.ts';

/** The kinds a table's CHECK (kind IN (…)) allows, read from the schema SQLite keeps. */
function checkedKinds(table: string): string[] {
  const db = openDatabase(path.join(tempDir('kit-kinds-'), 'portal.db'));
  migrate(db);
  const sql = db.prepare<[string], string>("SELECT sql FROM sqlite_master WHERE type = 'table' AND name = ?").pluck().get(table) ?? '';
  db.close();
  const list = /\bkind\s+TEXT\s+NOT NULL\s+CHECK\s*\(\s*kind\s+IN\s*\(([^)]*)\)/i.exec(sql)?.[1] ?? '';
  return [...list.matchAll(/'([^']*)'/g)].map((m) => m[1] ?? '');
}

describe('the kinds of phone copy are one list (the contract)', () => {
  it("the database's checks allow exactly the contract's kinds: copies, and the jobs that make them", () => {
    expect(checkedKinds('renditions')).toEqual([...RENDITION_KINDS]);
    expect(checkedKinds('rendition_jobs')).toEqual([...RENDITION_JOB_KINDS]);
  });

  it('a pack carries copies of those kinds and no other', () => {
    const copy = { source: 'a'.repeat(64), sha256: 'b'.repeat(64), width: null, height: null, bitrate: null };
    for (const kind of RENDITION_KINDS) {
      expect(Value.Check(PackRenditionSchema, { ...copy, kind })).toBe(true);
      expect(Value.Check(RenditionKindSchema, kind)).toBe(true);
    }
    expect(Value.Check(PackRenditionSchema, { ...copy, kind: 'subtitles' })).toBe(false);
  });

  it("the copies a file gets follow from each kind's job: a video's job makes its copy and its poster", () => {
    expect(copyKindsFor('video/webm')).toEqual(['video', 'poster']);
    expect(copyKindsFor('audio/ogg')).toEqual(['audio']);
    expect(copyKindsFor('image/png')).toEqual(['image']);
    expect(copyKindsFor('application/pdf')).toEqual([]);
    for (const job of RENDITION_JOB_KINDS) expect(copyKindsFor(`${job}/x`).every((kind) => RENDITION_SPECS[kind].job === job)).toBe(true);
  });
});
