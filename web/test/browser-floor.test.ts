// @vitest-environment node
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { BUILD_SYNTAX } from '@kit/contract';
import { parse, type ecmaVersion } from 'acorn';
import { beforeAll, describe, expect, it } from 'vitest';
import { distDir, ensureBuilt } from './built-app.ts';

/**
 * What the built app asks of a phone's browser stays within the floor of
 * docs/BROWSERS.md: its syntax, and the APIs it calls without checking
 * first. A browser the server lets through must be able to start the app.
 */

/** Calls newer than the floor (Chromium 80, Firefox 74, Safari 13.1), with the first versions that have them. */
const NEWER_THAN_THE_FLOOR: ReadonlyArray<[string, string]> = [
  ['.at(', 'Chrome 92, Firefox 90, Safari 15.4'],
  ['.replaceAll(', 'Chrome 85, Firefox 77'],
  ['Object.hasOwn(', 'Chrome 93, Firefox 92, Safari 15.4'],
  ['structuredClone(', 'Chrome 98, Firefox 94, Safari 15.4'],
  ['.findLast(', 'Chrome 97, Firefox 104, Safari 15.4'],
  ['.findLastIndex(', 'Chrome 97, Firefox 104, Safari 15.4'],
  ['.toSorted(', 'Chrome 110, Firefox 115, Safari 16'],
  ['Object.groupBy(', 'Chrome 117, Firefox 119, Safari 17.4'],
  ['Promise.any(', 'Chrome 85, Firefox 79, Safari 14'],
  ['crypto.randomUUID(', 'Chrome 92, Firefox 95, Safari 15.4, and only in a secure context: never on a kit over plain HTTP'],
];

let scripts: { name: string; code: string }[] = [];

beforeAll(async () => {
  ensureBuilt();
  const assets = (await readdir(path.join(distDir, 'assets'))).filter((name) => name.endsWith('.js')).map((name) => `assets/${name}`);
  scripts = await Promise.all(['sw.js', ...assets].map(async (name) => ({ name, code: await readFile(path.join(distDir, name), 'utf8') })));
}, 180_000);

describe('the built app and the browser floor', () => {
  it(`parses as ES${BUILD_SYNTAX}, the newest syntax the floor browsers read`, () => {
    expect(scripts.length).toBeGreaterThan(10);
    const unreadable = scripts.flatMap(({ name, code }) => {
      try {
        parse(code, { ecmaVersion: BUILD_SYNTAX as ecmaVersion, sourceType: 'module' });
        return [];
      } catch (error) {
        return [`${name}: ${(error as Error).message}`];
      }
    });
    expect(unreadable).toEqual([]);
  });

  it('calls no API newer than the floor', () => {
    // not after a dot: `...at(` is a spread of a function the minifier happened to name `at`
    const calls = NEWER_THAN_THE_FLOOR.map(([call, since]) => ({ call, since, pattern: new RegExp(`(?<!\\.)${call.replace(/[.(]/g, '\\$&')}`) }));
    const found = scripts.flatMap(({ name, code }) => calls.filter(({ pattern }) => pattern.test(code)).map(({ call, since }) => `${name} calls ${call}) (${since})`));
    expect(found).toEqual([]);
  });
});
