import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helper.ts';
import { makeViewers, multipartFile, PNG_BYTES, type Viewers } from '../../test/portal-helpers.ts';
import { tmpDir } from './store.ts';

let t: TestApp;
let viewers: Viewers;

beforeAll(async () => {
  t = await buildTestApp();
  viewers = await makeViewers(t.app);
}, 60_000);
afterAll(async () => t.close());

describe('reading a file route’s body', () => {
  it('blames a cut body on the client (400) but the kit’s own disk failing on the kit, never the other way round', async () => {
    const banner = (payload: Buffer, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/v2/admin/banners/menuTop', headers: { ...viewers.admin, ...headers }, payload });
    const body = multipartFile(PNG_BYTES, 'banner.png');
    const cut = await banner(body.payload.subarray(0, body.payload.length - 40), body.headers);
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error.code).toBe('UPLOAD_TRUNCATED');

    // The store's temp folder somewhere no file can be created, even by root, while a big body still streams.
    const big = multipartFile(Buffer.concat([PNG_BYTES, Buffer.alloc(2 * 1024 * 1024, 9)]), 'banner.png');
    fs.rmSync(tmpDir(t.dataDir), { recursive: true, force: true });
    fs.symlinkSync('/proc/self', tmpDir(t.dataDir));
    try {
      const broken = await banner(big.payload, big.headers);
      expect(broken.statusCode).toBeGreaterThanOrEqual(500);
      expect(broken.json().error.code).not.toBe('UPLOAD_TRUNCATED');
    } finally {
      fs.rmSync(tmpDir(t.dataDir));
    }
    expect((await banner(body.payload, body.headers)).statusCode).toBe(201);
  });
});
