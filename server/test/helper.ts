import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll } from 'vitest';
import { buildApp, type BuildOptions } from '../src/app.ts';
import { loadConfig } from '../src/config.ts';
import { hashPassword } from '../src/modules/auth/password.ts';

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  close: () => Promise<void>;
}

/**
 * One app shared by the tests of a file: built before the first (a busy
 * machine may need a minute), closed after the last. The object is filled in
 * when the tests run, so read its fields inside tests and hooks only.
 */
export function appForFile(env: Record<string, string> = {}): TestApp {
  const shared = {} as TestApp;
  beforeAll(async () => {
    Object.assign(shared, await buildTestApp(env));
  }, 60_000);
  afterAll(() => shared.close());
  return shared;
}

/**
 * A real app on a fresh SQLite file in its own temp data dir; env overrides as the server would read them.
 * Phone copies are off unless a test turns them on (KIT_RENDITIONS=true): ffmpeg jobs in the background
 * would only slow the other tests down.
 */
export async function buildTestApp(env: Record<string, string> = {}, options: Omit<BuildOptions, 'config'> = {}): Promise<TestApp> {
  const dataDir = tempDir();
  const config = loadConfig({ KIT_DATA_DIR: dataDir, KIT_WEB_DIR: path.join(dataDir, 'no-web'), KIT_RENDITIONS: 'false', ...env });
  const app = await buildApp({ config, logger: false, ...options });
  await app.ready();
  return {
    app,
    dataDir,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Folders made by this test file; removed when the file ends, passed or failed (its own after-hooks run first). */
const madeDirs = new Set<string>();
afterAll(() => {
  for (const dir of madeDirs) fs.rmSync(dir, { recursive: true, force: true });
  madeDirs.clear();
});

export function tempDir(prefix = 'kit-test-'): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  madeDirs.add(dir);
  return dir;
}

/** Creates a user straight in the database (the accounts API has its own tests). */
export async function createUser(app: FastifyInstance, userName: string, password: string, opts: { admin?: boolean } = {}): Promise<number> {
  const result = app.db
    .prepare('INSERT INTO users (user_name, password_hash, is_admin, role_id) VALUES (?, ?, ?, ?)')
    .run(userName, await hashPassword(password), opts.admin ? 1 : 0, opts.admin ? 1 : 2);
  return Number(result.lastInsertRowid);
}

/** Logs in through the API; returns the token and the cookie header the web would send. */
export async function login(app: FastifyInstance, userName: string, password: string): Promise<{ token: string; cookie: string }> {
  const res = await app.inject({ method: 'POST', url: '/api/auth', payload: { user_name: userName, password } });
  if (res.statusCode !== 200) throw new Error(`login failed: ${res.body}`);
  const token = (res.json() as { token: string }).token;
  return { token, cookie: `kp_token=${token}` };
}

/** A fresh app with one admin, jefa, logged in: the app and her token. */
export async function buildAppWithAdmin(): Promise<{ t: TestApp; adminToken: string }> {
  const t = await buildTestApp();
  await createUser(t.app, 'jefa', 'clave-de-jefa', { admin: true });
  return { t, adminToken: (await login(t.app, 'jefa', 'clave-de-jefa')).token };
}

/** The accounts tests' people: jefa (admin), vetado (an admin on the denied list), rosa and pedro, with their ids and tokens. */
export async function addAccountPeople(app: FastifyInstance): Promise<{ ids: Record<AccountPerson, number>; tokens: Record<AccountPerson, string> }> {
  const people: ReadonlyArray<readonly [AccountPerson, string, string, boolean]> = [
    ['admin', 'jefa', 'clave-de-jefa', true],
    ['denied', 'vetado', 'clave-vetado', true],
    ['rosa', 'rosa', 'papa-amarilla', false],
    ['pedro', 'pedro', 'clave-pedro', false],
  ];
  const ids = { admin: 0, denied: 0, rosa: 0, pedro: 0 };
  const tokens = { admin: '', denied: '', rosa: '', pedro: '' };
  for (const [who, name, password, admin] of people) ids[who] = await createUser(app, name, password, { admin });
  app.db.prepare('INSERT INTO denied_users (user_id) VALUES (?)').run(ids.denied);
  for (const [who, name, password] of people) tokens[who] = (await login(app, name, password)).token;
  return { ids, tokens };
}
type AccountPerson = 'admin' | 'denied' | 'rosa' | 'pedro';

/** Whether a process is still running (signal 0 checks without touching it). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Polls `read` until it gives a value, at most `seconds`; the error names `what` never came. */
export async function pollFor<T>(what: string, seconds: number, read: () => T | null | undefined | Promise<T | null | undefined>): Promise<T> {
  const end = Date.now() + seconds * 1000;
  for (;;) {
    const value = await read();
    if (value !== null && value !== undefined) return value;
    if (Date.now() > end) throw new Error(`no llegó en ${seconds} s: ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
