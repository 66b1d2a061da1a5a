import path from 'node:path';
import { CreateResourceSchema, isChoiceTerm, RESOURCE_TERMS, ResourceDetailSchema, UpdateResourceSchema, type ResourceTermName } from '@kit/contract';
import { afterAll, describe, expect, it } from 'vitest';
import { tempDir } from '../../test/helper.ts';
import { openDatabase } from '../db/connection.ts';
import { migrate } from '../db/migrate.ts';
import { PackResourceSchema } from '../modules/sync/pack-format.ts';
import { findModerated, findResourceDetail, insertDraft, updateResourceFields } from './resources.repo.ts';

/*
 * A resource's terms come from one table (server/contract/src/resource-terms.ts);
 * everything else is derived from it. What cannot be derived is checked here:
 * each term has its column, so a row added without its migration fails, and
 * each one reaches the API's schemas, the pack's record and the row's reads
 * and writes.
 */

const db = openDatabase(path.join(tempDir(), 'portal.db'));
migrate(db);
afterAll(() => db.close());

interface Column {
  name: string;
  type: string;
  notnull: number;
  dflt_value: string | null;
}
const columns = new Map(db.prepare<[], Column>("SELECT name, type, \"notnull\", dflt_value FROM pragma_table_info('resources')").all().map((c) => [c.name, c]));

/** A value each term accepts: a text, or its first choice. */
const sample = (name: ResourceTermName, n: number): string => {
  const term = RESOURCE_TERMS.find((t) => t.name === name);
  if (!term) throw new Error(name);
  return isChoiceTerm(term) ? (term.choices[n % term.choices.length] ?? '') : `${name} ${n}`;
};
const samples = (n: number) => Object.fromEntries(RESOURCE_TERMS.map((t) => [t.name, sample(t.name, n)])) as Record<ResourceTermName, string>;

describe.each(RESOURCE_TERMS.map((term) => [term.name, term] as const))('the term %s', (name, term) => {
  it('is a text column of resources after the migrations, empty unless filled', () => {
    expect(columns.get(name), `no column ${name}: its migration (ALTER TABLE resources ADD COLUMN ${name} TEXT NOT NULL DEFAULT '') is missing`).toMatchObject({
      type: 'TEXT',
      notnull: 1,
      dflt_value: "''",
    });
  });

  it('is in the page’s detail, as a text', () => {
    expect(ResourceDetailSchema.properties[name]).toEqual({ type: 'string' });
    expect(ResourceDetailSchema.required).toContain(name);
  });

  it('may be sent, or left out, when creating and editing a draft', () => {
    const body = isChoiceTerm(term) ? { anyOf: [{ enum: [...term.choices] }, { type: 'null' }] } : { type: 'string', maxLength: term.max };
    for (const schema of [CreateResourceSchema, UpdateResourceSchema]) {
      expect(schema.properties[name]).toEqual(body);
      expect(schema.required ?? []).not.toContain(name);
    }
  });

  it('travels in packs as a text', () => {
    expect(PackResourceSchema.properties[name]).toMatchObject({ type: 'string' });
  });
});

describe('the terms of a resource’s row', () => {
  it('are written with a new draft, read back for the page and for moderation, and edited', () => {
    const user = Number(db.prepare("INSERT INTO users (user_name, password_hash) VALUES ('terms', 'x')").run().lastInsertRowid);
    const id = insertDraft(db, { global_id: 'terms-1', title: 'Con sus términos', type_code: 2, ...samples(0), description: '', category_id: null, user_id: user });
    expect(findResourceDetail(db, id)).toMatchObject(samples(0));
    expect(findModerated(db, id)).toMatchObject(samples(0));
    updateResourceFields(db, id, samples(1));
    expect(findResourceDetail(db, id)).toMatchObject(samples(1));
  });
});

describe('the API of the first terms', () => {
  it('stays as it was: the limits, the licences, and what a new draft needs', () => {
    expect(CreateResourceSchema.properties.author).toEqual({ type: 'string', maxLength: 120 });
    expect(CreateResourceSchema.properties.source).toEqual({ type: 'string', maxLength: 300 });
    expect(UpdateResourceSchema.properties.license.anyOf[0]?.enum).toEqual([
      'Dominio público',
      'CC0',
      'CC BY 4.0',
      'CC BY-SA 4.0',
      'Obra propia publicada bajo CC BY 4.0',
      'Obra propia publicada bajo CC BY-SA 4.0',
    ]);
    const body = ['title', 'type', 'author', 'source', 'license', 'description', 'content_type_id', 'rights_declared'];
    expect(Object.keys(CreateResourceSchema.properties).filter((key) => body.includes(key))).toEqual(body);
    expect(CreateResourceSchema.required).toEqual(['title', 'type', 'rights_declared']);
    const page = ['excerpt', 'author', 'type', 'description', 'source', 'license', 'app_version'];
    expect(Object.keys(ResourceDetailSchema.properties).filter((key) => page.includes(key))).toEqual(page);
  });
});
