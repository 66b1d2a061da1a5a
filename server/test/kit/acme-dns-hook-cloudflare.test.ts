/**
 * scripts/acme-dns-hook-cloudflare, the second example DNS-01 hook of
 * docs/HTTPS.md, run for real (sh + curl) against a local server playing
 * Cloudflare's DNS records API: the requests it makes to publish and
 * withdraw the TXT record, and what it refuses. Also kept shellcheck-clean.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cleanupTempDirs, REPO, tempDir, which } from './kit-helpers.ts';

const HOOK = path.join(REPO, 'scripts', 'acme-dns-hook-cloudflare');
const ZONE_ID = '0123456789abcdef0123456789abcdef';
const NAME = '_acme-challenge.kit-07.kits.example.org';
const OURS = 'aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa';
const OTHER = 'bbbbbbbbbbbbbbbbbbbbbbbbbbbbbbbb';

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
const dir = tempDir('kit-cloudflare-');
const conf = path.join(dir, 'acme-dns-hook.conf');
const spyDir = path.join(dir, 'bin');
const argvLog = path.join(dir, 'curl-argv.log');

/** What the stand-in lists for NAME: our record, quoted as the hook writes it, and another one's (another order's value). */
const listing = JSON.stringify({
  success: true,
  result: [
    { id: OURS, zone_id: ZONE_ID, name: NAME, type: 'TXT', content: '"aBc_-123"', ttl: 60, meta: { auto_added: false } },
    { id: OTHER, zone_id: ZONE_ID, name: NAME, type: 'TXT', content: '"otro-valor"', ttl: 60, meta: { auto_added: false } },
  ],
});

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
      res.writeHead(answerStatus, { 'content-type': 'application/json' }).end(req.method === 'GET' ? listing : '{"success":true,"result":{}}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  api = `http://127.0.0.1:${(server.address() as { port: number }).port}/client/v4`;
  fs.mkdirSync(spyDir);
  fs.writeFileSync(path.join(spyDir, 'curl'), `#!/bin/sh\nprintf '%s\\n' "$*" >>'${argvLog}'\nexec ${which('curl') ?? 'curl'} "$@"\n`, { mode: 0o755 });
  fs.writeFileSync(conf, `CF_TOKEN=token-de-prueba\nCF_ZONE_ID=${ZONE_ID}\nCF_ZONE=example.org\nCF_WAIT=0\nCF_API=${api}\n`);
});

afterAll(() => {
  server.close();
  cleanupTempDirs();
});

describe.skipIf(!which('curl'))('scripts/acme-dns-hook-cloudflare', () => {
  it('creates the TXT record with add, and with remove deletes only the record with its value', async () => {
    seen = [];
    expect(await hook(['add', NAME, 'aBc_-123'])).toEqual({ code: 0, stderr: '' });
    expect(await hook(['remove', NAME, 'aBc_-123'])).toEqual({ code: 0, stderr: '' });
    const records = `/client/v4/zones/${ZONE_ID}/dns_records`;
    const authorization = 'Bearer token-de-prueba';
    expect(seen).toEqual([
      { method: 'POST', url: records, authorization, body: { type: 'TXT', name: NAME, content: '"aBc_-123"', ttl: 60 } },
      { method: 'GET', url: `${records}?type=TXT&name=${NAME}`, authorization, body: null },
      { method: 'DELETE', url: `${records}/${OURS}`, authorization, body: null },
    ]);
  });

  it('gives curl the token without putting it on its command line, where every local user sees it', async () => {
    fs.rmSync(argvLog, { force: true });
    expect(await hook(['remove', NAME, 'aBc_-123'])).toEqual({ code: 0, stderr: '' });
    const argv = fs.readFileSync(argvLog, 'utf8');
    expect(argv).toContain(`/zones/${ZONE_ID}/dns_records`);
    expect(argv).not.toContain('token-de-prueba');
  });

  it('refuses a name outside its zone, a value that is not an ACME value, a wrong verb and a token that would add a header, asking Cloudflare nothing', async () => {
    seen = [];
    expect((await hook(['add', '_acme-challenge.kit.otra.org', 'abc'])).code).toBe(2);
    expect((await hook(['add', NAME, 'a"b'])).code).toBe(2);
    expect((await hook(['borrar', NAME, 'abc'])).code).toBe(2);
    const good = fs.readFileSync(conf, 'utf8');
    try {
      fs.writeFileSync(conf, good.replace('CF_TOKEN=token-de-prueba', "CF_TOKEN='token\nX-Otra: 1'"));
      expect(await hook(['add', NAME, 'abc'])).toMatchObject({ code: 2, stderr: expect.stringMatching(/CF_TOKEN no válido/) });
    } finally {
      fs.writeFileSync(conf, good);
    }
    expect(seen).toEqual([]);
  });

  it('fails when Cloudflare refuses (a wrong token), so the hub reports it', async () => {
    answerStatus = 403;
    try {
      const result = await hook(['add', NAME, 'abc']);
      expect(result.code).not.toBe(0);
      expect(result.stderr).toMatch(/403/);
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
