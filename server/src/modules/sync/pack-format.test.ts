import { afterEach, describe, expect, it, vi } from 'vitest';
import { fingerprint, isManifest, PackResourceSchema } from './pack-format.ts';

/*
 * A resource's terms in packs (docs/SYNC.md): every kit remembers the
 * fingerprint of each resource it shared or took, so a fingerprint must never
 * change for a resource whose shared fields did not; and a pack from a kit
 * that knew fewer terms still loads.
 */

/** A resource as packs have carried it from the start. */
const SHARED = {
  globalId: 'res-1',
  title: 'Título',
  description: 'Una descripción',
  author: 'Autora',
  source: 'Un libro',
  license: 'CC0',
  type: 2,
  categoryGlobalId: 'cat-1',
  mediaSha256: 'a'.repeat(64),
  mediaName: 'libro.pdf',
  coverSha256: null,
  appVersion: null,
} as const;
/** Its fingerprint, as kits computed it before the terms came from one table. */
const SHARED_FINGERPRINT = 'ab61c02bd6753c9d8a41692e98751730d567cb410e569c09b0209d3ce8bc5f68';

/** A pack's manifest holding that resource, less the fields named. */
function manifestWithout(...missing: string[]) {
  const resource: Record<string, unknown> = { ...SHARED, status: 'published', owner: null, createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', publishedAt: null };
  for (const name of missing) delete resource[name];
  return {
    format: 2,
    packId: '00000000-0000-4000-8000-000000000000',
    createdAt: '2026-01-01T00:00:00.000Z',
    source: { kit: 'otro.kit', keyId: 'abcdef0123456789' },
    scope: null,
    categories: [{ globalId: 'cat-1', name: 'Libros', parentGlobalId: null, priority: 0, status: 1 }],
    resources: [resource],
    files: [{ sha256: 'a'.repeat(64), size: 1, ext: 'pdf', mime: 'application/pdf' }],
    withdrawals: [],
  };
}

describe('a resource’s fingerprint', () => {
  it('is the one kits have remembered since the first packs', () => {
    expect(fingerprint(SHARED)).toBe(SHARED_FINGERPRINT);
  });

  it('changes with each term', () => {
    for (const name of ['author', 'source', 'license'] as const) expect(fingerprint({ ...SHARED, [name]: 'otro' }), name).not.toBe(SHARED_FINGERPRINT);
  });
});

describe('the terms in a pack', () => {
  it('keep the lengths packs always allowed them', () => {
    expect(PackResourceSchema.properties.author).toEqual({ type: 'string', maxLength: 500 });
    expect(PackResourceSchema.properties.source).toEqual({ type: 'string', maxLength: 2000 });
    expect(PackResourceSchema.properties.license).toEqual({ type: 'string', maxLength: 500 });
  });

  it('read as empty when a pack has none', () => {
    const manifest = manifestWithout('source');
    expect(isManifest(manifest)).toBe(true);
    expect(manifest.resources[0]).toMatchObject({ source: '' });
  });
});

describe('a term added later', () => {
  afterEach(() => {
    vi.doUnmock('@kit/contract');
    vi.resetModules();
  });

  /** The pack format as it reads once the table has a fourth term, free text of at most 60 characters. */
  async function withLanguage() {
    vi.resetModules();
    vi.doMock('@kit/contract', async (importOriginal) => {
      const contract = await importOriginal<typeof import('@kit/contract')>();
      return {
        ...contract,
        RESOURCE_TERMS: [...contract.RESOURCE_TERMS, { name: 'language', max: 60, required: false }],
        RESOURCE_TERM_NAMES: [...contract.RESOURCE_TERM_NAMES, 'language'],
      };
    });
    return import('./pack-format.ts');
  }

  it('leaves the fingerprint of every resource that leaves it empty as it was, and enters it once filled', async () => {
    const later = await withLanguage();
    const empty = { ...SHARED, language: '' };
    const filled = { ...SHARED, language: 'quechua' };
    expect(later.fingerprint(empty)).toBe(SHARED_FINGERPRINT);
    expect(later.fingerprint(filled)).not.toBe(SHARED_FINGERPRINT);
  });

  it('reads as empty in a pack from a kit that did not know it, and is held to its own limit', async () => {
    const later = await withLanguage();
    expect(later.PackResourceSchema.properties).toMatchObject({ language: { type: 'string', maxLength: 60 } });
    const older = manifestWithout();
    expect(later.isManifest(older)).toBe(true);
    expect(older.resources[0]).toMatchObject({ language: '' });
    expect(later.fingerprint(older.resources[0] as unknown as typeof SHARED)).toBe(SHARED_FINGERPRINT);
    const tooLong = manifestWithout();
    (tooLong.resources[0] as Record<string, unknown>).language = 'x'.repeat(61);
    expect(later.isManifest(tooLong)).toBe(false);
  });
});
