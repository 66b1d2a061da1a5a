/**
 * scripts/acme-dns-hook-cloudflare, the second example DNS-01 hook of
 * docs/HTTPS.md, run for real (sh + curl) against a local server playing
 * Cloudflare's DNS records API: the requests it makes to publish and
 * withdraw the TXT record, and what it refuses. Also kept shellcheck-clean.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DnsHookRig } from './dns-hook-rig.ts';
import { which } from './kit-helpers.ts';

const ZONE_ID = '0123456789abcdef0123456789abcdef';
const NAME = '_acme-challenge.kit-07.kits.example.org';
const OURS = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const OTHER = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';

/** What the stand-in lists for NAME: our record, quoted as the hook writes it, and another one's (another order's value). */
const listing = JSON.stringify({
  success: true,
  result: [
    { id: OURS, zone_id: ZONE_ID, name: NAME, type: 'TXT', content: '"aBc_-123"', ttl: 60, meta: { auto_added: false } },
    { id: OTHER, zone_id: ZONE_ID, name: NAME, type: 'TXT', content: '"otro-valor"', ttl: 60, meta: { auto_added: false } },
  ],
});

const rig = new DnsHookRig('acme-dns-hook-cloudflare', (method) => (method === 'GET' ? listing : '{"success":true,"result":{}}'));

beforeAll(() =>
  rig.start('/client/v4', (api) => `CF_TOKEN=token-de-prueba\nCF_ZONE_ID=${ZONE_ID}\nCF_ZONE=example.org\nCF_WAIT=0\nCF_API=${api}\n`),
);

afterAll(() => rig.stop());

describe.skipIf(!which('curl'))('scripts/acme-dns-hook-cloudflare', () => {
  it('creates the TXT record with add, and with remove deletes only the record with its value', async () => {
    rig.seen = [];
    expect(await rig.run(['add', NAME, 'aBc_-123'])).toEqual({ code: 0, stderr: '' });
    expect(await rig.run(['remove', NAME, 'aBc_-123'])).toEqual({ code: 0, stderr: '' });
    const records = `/client/v4/zones/${ZONE_ID}/dns_records`;
    const authorization = 'Bearer token-de-prueba';
    expect(rig.seen).toEqual([
      { method: 'POST', url: records, authorization, body: { type: 'TXT', name: NAME, content: '"aBc_-123"', ttl: 60 } },
      { method: 'GET', url: `${records}?type=TXT&name=${NAME}`, authorization, body: null },
      { method: 'DELETE', url: `${records}/${OURS}`, authorization, body: null },
    ]);
  });

  it('gives curl the token without putting it on its command line, where every local user sees it', async () => {
    fs.rmSync(rig.argvLog, { force: true });
    expect(await rig.run(['remove', NAME, 'aBc_-123'])).toEqual({ code: 0, stderr: '' });
    const argv = fs.readFileSync(rig.argvLog, 'utf8');
    expect(argv).toContain(`/zones/${ZONE_ID}/dns_records`);
    expect(argv).not.toContain('token-de-prueba');
  });

  it('refuses a name outside its zone, a value that is not an ACME value, a wrong verb and a token that would add a header, asking Cloudflare nothing', async () => {
    rig.seen = [];
    expect((await rig.run(['add', '_acme-challenge.kit.otra.org', 'abc'])).code).toBe(2);
    expect((await rig.run(['add', NAME, 'a"b'])).code).toBe(2);
    expect((await rig.run(['borrar', NAME, 'abc'])).code).toBe(2);
    const result = await rig.runWithSettings((good) => good.replace('CF_TOKEN=token-de-prueba', "CF_TOKEN='token\nX-Otra: 1'"), ['add', NAME, 'abc']);
    expect(result).toMatchObject({ code: 2, stderr: expect.stringMatching(/CF_TOKEN no válido/) });
    expect(rig.seen).toEqual([]);
  });

  it('fails when Cloudflare refuses (a wrong token), so the hub reports it', async () => {
    const result = await rig.runRefused(403, ['add', NAME, 'abc']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/403/);
  });

  it.skipIf(!which('shellcheck'))(`passes shellcheck at warning level${which('shellcheck') ? '' : ' (skipped: shellcheck is not installed)'}`, async () => {
    expect(await rig.shellcheck()).toEqual({ code: 0, out: '' });
  });
});
