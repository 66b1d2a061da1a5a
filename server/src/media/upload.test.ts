import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { appForFile } from '../../test/helper.ts';
import { APK_BYTES, viewersForFile, multipartFile } from '../../test/portal-helpers.ts';
import { tmpDir } from './store.ts';

const t = appForFile();
const viewers = viewersForFile(t);

describe('reading a file route’s body', () => {
  it('blames a cut body on the client (400) but the kit’s own disk failing on the kit, never the other way round', async () => {
    // a file route that streams its body to disk as it arrives
    const appPackage = (payload: Buffer, headers: Record<string, string>) =>
      t.app.inject({ method: 'POST', url: '/api/v2/admin/extra/app-package', headers: { ...viewers.admin, ...headers }, payload });
    const body = multipartFile(APK_BYTES, 'app.apk');
    const cut = await appPackage(body.payload.subarray(0, body.payload.length - 40), body.headers);
    expect(cut.statusCode).toBe(400);
    expect(cut.json().error.code).toBe('UPLOAD_TRUNCATED');

    // The store's temp folder somewhere no file can be created, even by root, while a big body still streams.
    const big = multipartFile(Buffer.concat([APK_BYTES, Buffer.alloc(2 * 1024 * 1024, 9)]), 'app.apk');
    fs.rmSync(tmpDir(t.dataDir), { recursive: true, force: true });
    fs.symlinkSync('/proc/self', tmpDir(t.dataDir));
    try {
      const broken = await appPackage(big.payload, big.headers);
      expect(broken.statusCode).toBeGreaterThanOrEqual(500);
      expect(broken.json().error.code).not.toBe('UPLOAD_TRUNCATED');
    } finally {
      fs.rmSync(tmpDir(t.dataDir));
    }
    expect((await appPackage(body.payload, body.headers)).statusCode).toBe(201);
  });
});
