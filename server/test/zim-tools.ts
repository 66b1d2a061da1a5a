/**
 * Tests only: Debian's zim-tools (libzim's own writer and readers) make and
 * read the real files the reader is compared with.
 */
import { execFile } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { png } from '../../fixtures/png.ts';

const run = promisify(execFile);
const BIG_OUTPUT = { maxBuffer: 16 * 1024 * 1024 };

export interface Page {
  /** a file name under the HTML folder */
  file: string;
  content: string | Buffer;
}

export interface ZimwriterfsOptions {
  welcome: string;
  illustration: string;
  title: string;
}

/** A ZIM file of `pages` written by zimwriterfs (zstd clusters, the current layout). */
export async function zimwriterfs(dir: string, pages: Page[], options: ZimwriterfsOptions): Promise<string> {
  const html = path.join(dir, 'html');
  await fs.mkdir(html, { recursive: true });
  for (const page of pages) await fs.writeFile(path.join(html, page.file), page.content);
  const file = path.join(dir, 'paginas.zim');
  await run('zimwriterfs', [
    `--welcome=${options.welcome}`, `--illustration=${options.illustration}`, '--language=spa', `--title=${options.title}`,
    '--description=Páginas de prueba', '--creator=Biblioteca del kit', '--publisher=Kit Portal', '--name=prueba_es',
    '--withoutFTIndex', html, file,
  ]);
  return file;
}

/** zimcheck's verdict on every check it has; resolves with its report, rejects when a check fails. */
export async function zimcheck(file: string): Promise<string> {
  const { stdout } = await run('zimcheck', ['-A', file], BIG_OUTPUT);
  return stdout;
}

/** One entry as `zimdump list --details` describes it. */
export interface DumpedEntry {
  path: string;
  title: string;
  type: string;
  mimeType?: string;
  size?: number;
  redirectIndex?: number;
}

/** `zimdump list --details`, parsed: the content entries (zimdump lists no others). */
export async function zimdumpList(file: string): Promise<DumpedEntry[]> {
  const { stdout } = await run('zimdump', ['list', '--details', file], BIG_OUTPUT);
  const entries: DumpedEntry[] = [];
  for (const line of stdout.split('\n')) {
    const field = /^\* ([\w -]+):\s+(.*)$/.exec(line);
    const current = entries.at(-1);
    if (line.startsWith('path: ')) entries.push({ path: line.slice(6), title: '', type: '' });
    else if (field && current) {
      const [, name, value = ''] = field;
      if (name === 'title') current.title = value;
      if (name === 'type') current.type = value;
      if (name === 'mime-type') current.mimeType = value;
      if (name === 'item size') current.size = Number(value);
      if (name === 'redirect index') current.redirectIndex = Number(value);
    }
  }
  return entries;
}

/** `zimdump dump`: every content entry written to a file under `dir`, at its path. */
export async function zimdumpDump(file: string, dir: string): Promise<string> {
  await run('zimdump', ['dump', `--dir=${dir}`, file], BIG_OUTPUT);
  return dir;
}

/** What Debian's libzim says of a file, for the reader's tests to match: zimcheck passes it, then its listing and its dump under `dumpDir`. */
export async function zimToolsView(file: string, dumpDir: string): Promise<{ listed: DumpedEntry[]; dumped: string }> {
  await zimcheck(file);
  return { listed: await zimdumpList(file), dumped: await zimdumpDump(file, dumpDir) };
}

/** A 48×48 PNG, as zimwriterfs and zimcheck want the illustration. */
export const illustrationPng = (): Buffer => png(48, 48, () => [0x2a, 0x2a, 0x2a]);

const testPage = (title: string, body: string): string =>
  `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>${title}</title></head><body>${body}</body></html>`;

/** A small real library for the import doors' tests: a main page, an article, its icon, and `extra` files. */
export async function libraryZim(dir: string, extra: Page[] = []): Promise<Buffer> {
  const file = await zimwriterfs(
    dir,
    [
      { file: 'index.html', content: testPage('Portada', '<a href="arbol.html">Árbol</a> <img src="img.png">') },
      { file: 'arbol.html', content: testPage('Árbol', '<p>La ceiba es un árbol sagrado.</p>') },
      { file: 'img.png', content: illustrationPng() },
      ...extra,
    ],
    { welcome: 'index.html', illustration: 'img.png', title: 'Páginas de prueba' },
  );
  return fs.readFile(file);
}

/** The same library as another file: a new uuid and the MD5 made again, so its bytes (and sha256) are its own. */
export function anotherCopy(zim: Buffer): Buffer {
  const copy = Buffer.from(zim);
  randomBytes(16).copy(copy, 8);
  createHash('md5').update(copy.subarray(0, copy.length - 16)).digest().copy(copy, copy.length - 16);
  return copy;
}

/** A copy whose stored MD5 (the last 16 bytes) is wrong: it opens, and fails its check. */
export function wrongChecksum(zim: Buffer): Buffer {
  const copy = Buffer.from(zim);
  copy[copy.length - 1] = (copy[copy.length - 1] ?? 0) ^ 0xff;
  return copy;
}
