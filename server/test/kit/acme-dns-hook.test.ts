/**
 * scripts/acme-dns-hook-desec, the example DNS-01 hook of docs/HTTPS.md,
 * run for real (sh + curl) against a local server playing deSEC's API: the
 * requests it makes to publish and withdraw the TXT record, and what it
 * refuses. Also kept shellcheck-clean at warning level.
 */
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DnsHookRig } from './dns-hook-rig.ts';
import { which } from './kit-helpers.ts';

const rig = new DnsHookRig('acme-dns-hook-desec', () => '[]');

beforeAll(() => rig.start('/api/v1', (api) => `DESEC_TOKEN=token-de-prueba\nDESEC_ZONE=example.org\nDESEC_WAIT=0\nDESEC_API=${api}\n`));

afterAll(() => rig.stop());

describe.skipIf(!which('curl'))('scripts/acme-dns-hook-desec', () => {
  it('publishes the TXT record with add and withdraws it with remove, through the zone’s record sets', async () => {
    rig.seen = [];
    expect(await rig.run(['add', '_acme-challenge.kit-07.kits.example.org', 'aBc_-123'])).toEqual({ code: 0, stderr: '' });
    expect(await rig.run(['remove', '_acme-challenge.kit-07.kits.example.org', 'aBc_-123'])).toEqual({ code: 0, stderr: '' });
    const rrset = { subname: '_acme-challenge.kit-07.kits', type: 'TXT', ttl: 3600 };
    expect(rig.seen).toEqual([
      { method: 'PATCH', url: '/api/v1/domains/example.org/rrsets/', authorization: 'Token token-de-prueba', body: [{ ...rrset, records: ['"aBc_-123"'] }] },
      { method: 'PATCH', url: '/api/v1/domains/example.org/rrsets/', authorization: 'Token token-de-prueba', body: [{ ...rrset, records: [] }] },
    ]);
  });

  it('gives curl the token without putting it on its command line, where every local user sees it', async () => {
    fs.rmSync(rig.argvLog, { force: true });
    expect(await rig.run(['add', '_acme-challenge.kit-07.kits.example.org', 'aBc_-123'])).toEqual({ code: 0, stderr: '' });
    const argv = fs.readFileSync(rig.argvLog, 'utf8');
    expect(argv).toContain('/domains/example.org/rrsets/');
    expect(argv).not.toContain('token-de-prueba');
  });

  it('refuses a token that would add a header line of its own, asking deSEC nothing', async () => {
    rig.seen = [];
    const result = await rig.runWithSettings((good) => good.replace('DESEC_TOKEN=token-de-prueba', "DESEC_TOKEN='token\nX-Otra: 1'"), ['add', '_acme-challenge.kit.example.org', 'abc']);
    expect(result).toMatchObject({ code: 2, stderr: expect.stringMatching(/DESEC_TOKEN no válido/) });
    expect(rig.seen).toEqual([]);
  });

  it('refuses a name outside its zone, a value that is not an ACME value and a wrong verb, asking deSEC nothing', async () => {
    rig.seen = [];
    expect((await rig.run(['add', '_acme-challenge.kit.otra.org', 'abc'])).code).toBe(2);
    expect((await rig.run(['add', '_acme-challenge.kit.example.org', 'a"b'])).code).toBe(2);
    expect((await rig.run(['borrar', '_acme-challenge.kit.example.org', 'abc'])).code).toBe(2);
    expect(rig.seen).toEqual([]);
  });

  it('fails when deSEC refuses (a wrong token), so the hub reports it', async () => {
    const result = await rig.runRefused(401, ['add', '_acme-challenge.kit.example.org', 'abc']);
    expect(result.code).not.toBe(0);
    expect(result.stderr).toMatch(/401/);
  });

  it.skipIf(!which('shellcheck'))(`passes shellcheck at warning level${which('shellcheck') ? '' : ' (skipped: shellcheck is not installed)'}`, async () => {
    expect(await rig.shellcheck()).toEqual({ code: 0, out: '' });
  });
});
