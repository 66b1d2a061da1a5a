import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { SERVICES_MODES } from '@kit/contract';
import { describe, expect, it } from 'vitest';
import { es } from '../src/i18n/es.ts';

const I18N = path.resolve(import.meta.dirname, '..', 'src', 'i18n');
const PRODUCT_DOC = path.resolve(import.meta.dirname, '..', '..', 'docs', 'PRODUCT.md');

/** Every object under value whose keys are exactly the services modes: a set of mode names. */
function modeNameSets(value: unknown, found: object[] = []): object[] {
  if (value === null || typeof value !== 'object') return found;
  const keys = Object.keys(value).sort();
  if (keys.join() === [...SERVICES_MODES].sort().join()) found.push(value);
  for (const child of Object.values(value)) modeNameSets(child, found);
  return found;
}

describe('services mode names', () => {
  it('are the words docs/PRODUCT.md#services-modes gives', () => {
    const doc = readFileSync(PRODUCT_DOC, 'utf8');
    const sentence = /Every page that names a mode calls them ([^.]+)\./.exec(doc.replace(/\s+/g, ' '))?.[1] ?? '';
    expect([...sentence.matchAll(/«([^»]+)»/g)].map((m) => m[1])).toEqual(SERVICES_MODES.map((mode) => es.servicesModes[mode]));
  });

  it('are written once: no Spanish module has its own names for the modes', async () => {
    const sets: object[] = [];
    for (const file of readdirSync(I18N).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))) {
      const module: Record<string, unknown> = await import(path.join(I18N, file));
      modeNameSets(module, sets);
    }
    expect(sets).toEqual([es.servicesModes]);
  });
});
