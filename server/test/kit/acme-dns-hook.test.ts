/**
 * scripts/acme-dns-hook-desec, the example DNS-01 hook of docs/HTTPS.md,
 * run for real (sh + curl) against a local server playing deSEC's API: the
 * requests it makes to publish and withdraw the TXT record, and what it
 * refuses. Also kept shellcheck-clean at warning level.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, REPO, tempDir, which } from './kit-helpers.ts';

const HOOK = path.join(REPO, 'scripts', 'acme-dns-hook-desec');

interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

let server: http.Server;
let api: string;
let seen: Seen[] = [];
let answerStatus = 200;
const dir = tempDir('kit-desec-');
const conf = path.join(dir, 'acme-dns-hook.conf');

/** A curl first on PATH that writes down its argv (what `ps` shows every local user), then runs the real one. */
const spyDir = path.join(dir, 'bin');
const argvLog = path.join(dir, 'curl-argv.log');

function hook(args: string[]): Promise<{ code: number; stderr: string }> {
  return new Promise((resolve) => {
    // As the hub runs it: PATH and LANG only, the settings in their own file.
    execFile(HOOK, args, { env: { PATH: `${spyDir}:${process.env.PATH}`, LANG: 'C.UTF-8', KIT_ACME_HOOK_CONF: conf } }, (error, _stdout, stderr) => {
      resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stderr });
    });
  });
}

beforeAll(async () => {
  server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (c: Buffer) => (body += c.toString()));
    req.on('end', () => {
      seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(body || 'null') });
      res.writeHead(answerStatus, { 'content-type': 'application/json' }).end('[]');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = `http://127.0.0.1:${(server.address() as { port: number }).port}/api/v1`;
  fs.mkdirSync(spyDir);
  fs.writeFileSync(path.join(spyDir, 'curl'), `#!/bin/sh\nprintf '%s\\n' "$*" >>'${argvLog}'\nexec ${which('curl') ?? 'curl'} "$@"\n`, { mode: 0o755 });
  fs.writeFileSync(conf, `DESEC_TOKEN=token-de-prueba\nDESEC_ZONE=example.org\nDESEC_WAIT=0\nDESEC_API=${api}\n`);
});

afterAll(() => {
  server.close();
  cleanupTempDirs();
});

describe.skipIf(!which('curl'))('scripts/acme-dns-hook-desec', () => {
  it('publishes the TXT record with add and withdraws it with remove, through the zone’s record sets', async () => {
    seen = [];
    expect(await hook(['add', '_acme-challenge.kit-07.kits.example.org', 'aBc_-123'])).toEqual({ code: 0, stderr: '' });
    expect(await hook(['remove', '_acme-challenge.kit-07.kits.example.org', 'aBc_-123'])).toEqual({ code: 0, stderr: '' });
    const rrset = { subname: '_acme-challenge.kit-07.kits', type: 'TXT', ttl: 3600 };
    expect(seen).toEqual([
      { method: 'PATCH', url: '/api/v1/domains/example.org/rrsets/', authorization: 'Token token-de-prueba', body: [{ ...rrset, records: ['"aBc_-123"'] }] },
      { method: 'PATCH', url: '/api/v1/domains/example.org/rrsets/', authorization: 'Token token-de-prueba', body: [{ ...rrset, records: [] }] },
    ]);
  });

  it('gives curl the token without putting it on its command line, where every local user sees it', async () => {
    fs.rmSync(argvLog, { force: true });
    expect(await hook(['add', '_acme-challenge.kit-07.kits.example.org', 'aBc_-123'])).toEqual({ code: 0, stderr: '' });
    const argv = fs.readFileSync(argvLog, 'utf8');
    expect(argv).toContain('/domains/example.org/rrsets/');
    expect(argv).not.toContain('token-de-prueba');
  });

  it('refuses a token that would add a header line of its own, asking deSEC nothing', async () => {
    seen = [];
    const good = fs.readFileSync(conf, 'utf8');
    try {
      fs.writeFileSync(conf, good.replace('DESEC_TOKEN=token-de-prueba', "DESEC_TOKEN='token\nX-Otra: 1'"));
      expect(await hook(['add', '_acme-challenge.kit.example.org', 'abc'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/DESEC_TOKEN no válido/) });
      expect(seen).toEqual([]);
    } finally {
      fs.writeFileSync(conf, good);
    }
  });

  it('refuses a name outside its zone, a value that is not an ACME value and a wrong verb, asking deSEC nothing', async () => {
    seen = [];
    expect((await hook(['add', '_acme-challenge.kit.otra.org', 'abc'])).code).toBe(2);
    expect((await hook(['add', '_acme-challenge.kit.example.org', 'a"b'])).code).toBe(2);
    expect((await hook(['borrar', '_acme-challenge.kit.example.org', 'abc'])).code).toBe(2);
    expect(seen).toEqual([]);
  });

  it('fails when deSEC refuses (a wrong token), so the hub reports it', async () => {
    answerStatus = 401;
    try {
      const result = await hook(['add', '_acme-challenge.kit.example.org', 'abc']);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(/401/);
    } finally {
      answerStatus = 200;
    }
  });

  it.skipIf(!which('shellcheck'))(`passes shellcheck at warning level${which('shellcheck') ? '' : ' (skipped: shellcheck is not installed)'}`, async () => {
    const result = await new Promise<{ code: number; out: string }>((resolve) =>
      execFile('shellcheck', ['-S', 'warning', HOOK], (error, stdout, stderr) => resolve({ code: error ? 1 : 0, out: stdout + stderr })),
    );
    expect(result).toEqual({ code: 0, out: '' });
  });
});
