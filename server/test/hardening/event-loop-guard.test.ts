import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * The kit serves every phone from one event loop. A synchronous call that
 * waits on the disk (an fsync takes tens to hundreds of ms on the Pi's SD
 * card) or whose time grows with the bytes stops every other page for that
 * long. Uploads, media and the sync file paths must use the async fs API
 * (libuv's thread pool) instead. A timing test cannot tell the two apart on
 * a busy shared machine with a fast disk, so this guard reads the source: the
 * second-best proof, and one that fails as soon as such a call comes back.
 */

const SRC = path.resolve(import.meta.dirname, '../../src');
const WAITS_ON_DISK = /\b(fsyncSync|fdatasyncSync|readSync|writeSync|readFileSync|writeFileSync|appendFileSync|copyFileSync|adoptFileSync|fsyncDirSync)\s*\(/g;

/** The request-path modules: every file of these folders but tests, and these single files. */
const FOLDERS = ['media', 'modules/uploads'];
const FILES = ['modules/sync/tar.ts', 'modules/sync/pack-export.ts', 'modules/sync/hub-download.ts'];
/** The async store helpers: a call not awaited would answer before the disk did. */
const ASYNC_HELPERS = /\b(fsyncFile|fsyncDir|linkIntoStore|placeInStore|cutBack|readHead|storeStream|hashFile)\(/g;
const AWAITED = /(await|return|=>|function)\s*$/;
/** Modules that make files durable with those helpers outside the folders above. */
const HELPER_CALLERS = ['modules/sync/hub-feed.ts', 'modules/sync/pack-import.ts', 'modules/sync/kit-backup.ts', 'modules/users/profile-image.ts', 'modules/renditions/store-renditions.ts'];

function requestPathFiles(): string[] {
  const inFolders = FOLDERS.flatMap((dir) =>
    fs
      .readdirSync(path.join(SRC, dir))
      .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'))
      .map((name) => path.join(dir, name)),
  );
  return [...inFolders, ...FILES];
}

/**
 * The source without comments and without the *Sync helpers store.ts keeps
 * for callers that must not yield (start-up restore, an import's commit):
 * only their callers are checked.
 */
function checkedSource(file: string): string {
  const text = fs.readFileSync(path.join(SRC, file), 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
  return text.replace(/^(export )?function \w+Sync\([\s\S]*?\n}\n/gm, '').replace(/^export const \w+Sync = .*$/gm, '');
}

describe('no call that waits on the disk blocks the event loop on the upload and media paths', () => {
  it.each(requestPathFiles())('%s', (file) => {
    expect([...checkedSource(file).matchAll(WAITS_ON_DISK)].map((m) => m[1])).toEqual([]);
  });

  it.each([...requestPathFiles(), ...HELPER_CALLERS])('%s awaits the async fsync, move and read helpers', (file) => {
    const text = checkedSource(file);
    const notAwaited = [...text.matchAll(ASYNC_HELPERS)].filter((m) => !AWAITED.test(text.slice(Math.max(0, m.index - 20), m.index)));
    expect(notAwaited.map((m) => m[0])).toEqual([]);
  });

  it('checks the modules it names', () => {
    expect(requestPathFiles()).toEqual(expect.arrayContaining(['media/store.ts', 'modules/uploads/upload-files.ts', 'modules/uploads/uploads.service.ts']));
  });
});
