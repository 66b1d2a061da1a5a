import { execFile } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { REPO, tempDir, which } from './kit-helpers.ts';

/** A request the stand-in API received. */
export interface Seen {
  method: string;
  url: string;
  authorization: string | undefined;
  body: unknown;
}

export interface HookResult {
  code: number;
  stderr: string;
}

/**
 * One of scripts/acme-dns-hook-*, run for real (sh + curl) as the hub runs it,
 * against a loopback server playing its DNS provider's API. A curl first on
 * PATH writes down its argv (what `ps` shows every local user) and then runs
 * the real one.
 */
export class DnsHookRig {
  private readonly script: string;
  /** every request since the test last emptied it */
  seen: Seen[] = [];
  /** the status the stand-in answers with */
  answerStatus = 200;
  private readonly conf: string;
  readonly argvLog: string;
  private readonly dir: string;
  private readonly spyDir: string;
  private readonly server: http.Server;

  /** `answer` gives the body of each answer, by the request's method. */
  constructor(scriptName: string, answer: (method: string) => string) {
    this.script = path.join(REPO, 'scripts', scriptName);
    this.dir = tempDir(`kit-${scriptName}-`);
    this.conf = path.join(this.dir, 'acme-dns-hook.conf');
    this.spyDir = path.join(this.dir, 'bin');
    this.argvLog = path.join(this.dir, 'curl-argv.log');
    this.server = http.createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        this.seen.push({ method: req.method ?? '', url: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(body || 'null') });
        res.writeHead(this.answerStatus, { 'content-type': 'application/json' }).end(answer(req.method ?? ''));
      });
    });
  }

  /** Starts the stand-in at `apiPath` and writes the hook's settings file, which `settings` makes from the API's address. */
  async start(apiPath: string, settings: (api: string) => string): Promise<void> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    const api = `http://127.0.0.1:${(this.server.address() as { port: number }).port}${apiPath}`;
    fs.mkdirSync(this.spyDir);
    fs.writeFileSync(path.join(this.spyDir, 'curl'), `#!/bin/sh\nprintf '%s\\n' "$*" >>'${this.argvLog}'\nexec ${which('curl') ?? 'curl'} "$@"\n`, { mode: 0o755 });
    fs.writeFileSync(this.conf, settings(api));
  }

  stop(): void {
    this.server.close();
    fs.rmSync(this.dir, { recursive: true, force: true });
  }

  run(args: string[]): Promise<HookResult> {
    return new Promise((resolve) => {
      // As the hub runs it: PATH and LANG only, the settings in their own file.
      execFile(this.script, args, { env: { PATH: `${this.spyDir}:${process.env.PATH}`, LANG: 'C.UTF-8', KIT_ACME_HOOK_CONF: this.conf } }, (error, _stdout, stderr) => {
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stderr });
      });
    });
  }

  /** Runs the hook with its settings file changed by `edit`, then puts the file back. */
  async runWithSettings(edit: (settings: string) => string, args: string[]): Promise<HookResult> {
    const good = fs.readFileSync(this.conf, 'utf8');
    try {
      fs.writeFileSync(this.conf, edit(good));
      return await this.run(args);
    } finally {
      fs.writeFileSync(this.conf, good);
    }
  }

  /** Runs the hook while the stand-in answers every request with `status`. */
  async runRefused(status: number, args: string[]): Promise<HookResult> {
    this.answerStatus = status;
    try {
      return await this.run(args);
    } finally {
      this.answerStatus = 200;
    }
  }

  shellcheck(): Promise<{ code: number; out: string }> {
    return new Promise((resolve) =>
      execFile('shellcheck', ['-S', 'warning', this.script], (error, stdout, stderr) => resolve({ code: error ? 1 : 0, out: stdout + stderr })),
    );
  }
}
