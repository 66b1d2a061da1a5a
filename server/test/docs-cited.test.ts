import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Comments and documents point at the repo's own documents and files
 * (docs/PRODUCT.md#resource-states, docs/SYNC.md "Hub sync",
 * server/src/zim/, [ZIM files](#zim-files)) instead of documents a
 * newcomer cannot open. Every pointer must lead somewhere: the cited file
 * exists, the #anchor is one of its anchors, the quoted heading is one of its
 * headings, a path named in a comment or a document exists.
 */

const REPO = path.resolve(import.meta.dirname, '..', '..');
const SCANNED = ['server', 'web', 'scripts', 'image', 'systemd', 'fixtures', 'docs', 'README.md', 'Makefile', 'eslint.config.js'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.toolchain', 'test-results', 'playwright-report', 'media', '.tmp']);
const TEXT = /\.(ts|tsx|js|mjs|css|html|sh|sql|json|md|service|target|conf|rules|txt|example)$/;
/** Built by make targets, so absent from a fresh clone. */
const GENERATED = ['image/dist', 'web/dist'];

const ANCHOR_CITATION = /docs\/([A-Za-z0-9_-]+\.md)(?:#([A-Za-z0-9_-]+))?/g;
/** docs/SYNC.md "Hub sync", docs/HTTPS.md, «The pace of orders»: the quote may wrap onto a comment's next line. */
const HEADING_CITATION = /docs\/([\w-]+\.md),?\s*\(?\s*["“«]((?:[^"”»\n]|\n\s*(?:\*|\/\/|#)?\s*)+?)["”»]/g;
/** server/src/zim/zim-file.ts or scripts/bench/: a file (with its extension) or a folder (with its slash). */
const REPO_PATH = /(?<![\w./@~-])((?:server|web|scripts|image|systemd|fixtures|docs|\.ci)\/[\w./-]*[\w/])(.?)/g;
const MARKDOWN_LINK = /\]\(([^)\s#:]*)(?:#([^)\s]+))?\)/g;
/** Where a line's comment starts: code lines are read from there on, documents whole. */
const COMMENT_START = /^\s*(?:\/\/|\*|\/\*|#|--)|\s\/\/\s/;

interface Source {
  file: string;
  text: string;
}

interface Pointer {
  where: string;
  /** the document or path pointed at, relative to the repo */
  target: string;
  anchor?: string;
  heading?: string;
}

function* textFiles(entry: string): Generator<string> {
  const stat = fs.statSync(entry);
  if (stat.isFile()) {
    if (TEXT.test(entry) || !path.basename(entry).includes('.')) yield entry;
    return;
  }
  for (const child of fs.readdirSync(entry)) {
    if (!SKIPPED_DIRS.has(child)) yield* textFiles(path.join(entry, child));
  }
}

function sources(): Source[] {
  const found: Source[] = [];
  for (const top of SCANNED) {
    const start = path.join(REPO, top);
    if (!fs.existsSync(start)) continue;
    for (const file of textFiles(start)) {
      const text = fs.readFileSync(file, 'utf8');
      // This file's own examples point nowhere on purpose.
      if (!text.includes('\0') && file !== import.meta.filename) found.push({ file: path.relative(REPO, file), text });
    }
  }
  return found;
}

function lineOf(text: string, index: number): number {
  return text.slice(0, index).split('\n').length;
}

function anchorCitations({ file, text }: Source): Pointer[] {
  return [...text.matchAll(ANCHOR_CITATION)].map((m) => ({
    where: `${file}:${lineOf(text, m.index)}`,
    target: `docs/${m[1]!}`,
    anchor: m[2],
  }));
}

function headingCitations({ file, text }: Source): Pointer[] {
  return [...text.matchAll(HEADING_CITATION)].map((m) => ({
    where: `${file}:${lineOf(text, m.index)}`,
    target: `docs/${m[1]!}`,
    heading: m[2]!.replace(/\s*\n\s*(?:\*|\/\/|#)?\s*/g, ' ').trim(),
  }));
}

/** Paths in comments and documents; placeholders (`<name>`, `{id}`, `*`, `…`, `$VAR`) are not paths. */
function repoPaths({ file, text }: Source): Pointer[] {
  const found: Pointer[] = [];
  const wholeLines = file.endsWith('.md');
  for (const [index, line] of text.split('\n').entries()) {
    const start = wholeLines ? 0 : line.search(COMMENT_START);
    if (start < 0) continue;
    for (const m of line.slice(start).matchAll(REPO_PATH)) {
      const [, named, next] = m;
      if (['<', '{', '*', '…', '$'].includes(next!)) continue;
      if (!named!.endsWith('/') && !/\.\w+$/.test(named!)) continue;
      found.push({ where: `${file}:${index + 1}`, target: named!.replace(/\/$/, '') });
    }
  }
  return found;
}

function markdownLinks({ file, text }: Source): Pointer[] {
  if (!file.endsWith('.md')) return [];
  return [...text.matchAll(MARKDOWN_LINK)].map((m) => ({
    where: `${file}:${lineOf(text, m.index)}`,
    target: m[1] === '' ? file : path.join(path.dirname(file), m[1]!),
    anchor: m[2],
  }));
}

function slug(heading: string): string {
  return heading
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

/** The anchors of a Markdown file: explicit `<a id="…">` and GitHub's slugs of its headings. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of markdown.matchAll(/<a id="([^"]+)"/g)) anchors.add(match[1]!);
  for (const match of markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) anchors.add(slug(match[1]!));
  return anchors;
}

/**
 * What a quote may name in a Markdown file: a heading, with or without its
 * closing parenthesis ("… memory on a 1 GB Pi" for "… on a 1 GB Pi (2026-11-26)"),
 * or the bold label that opens a paragraph or list item (`- **Durability**: …`).
 */
function headingsOf(markdown: string): Set<string> {
  const names = new Set<string>();
  for (const match of markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    names.add(match[1]!.toLowerCase());
    names.add(match[1]!.replace(/\s*\([^()]*\)$/, '').toLowerCase());
  }
  for (const match of markdown.matchAll(/^\s*(?:[-*]\s+)?\*\*([^*]+?)[.:]?\*\*/gm)) names.add(match[1]!.toLowerCase());
  return names;
}

const isGenerated = (target: string): boolean => GENERATED.some((g) => target === g || target.startsWith(`${g}/`));
const exists = (target: string): boolean => fs.existsSync(path.join(REPO, target));

function readMarkdown(target: string): string {
  return fs.readFileSync(path.join(REPO, target), 'utf8');
}

function missingTargets(pointers: Pointer[]): string[] {
  return pointers.filter((p) => !isGenerated(p.target) && !exists(p.target)).map((p) => `${p.where}: ${p.target}`);
}

function unknownAnchors(pointers: Pointer[]): string[] {
  return pointers
    .filter((p) => p.anchor !== undefined && p.target.endsWith('.md') && exists(p.target))
    .filter((p) => !anchorsOf(readMarkdown(p.target)).has(p.anchor!))
    .map((p) => `${p.where}: ${p.target}#${p.anchor!}`);
}

function unknownHeadings(pointers: Pointer[]): string[] {
  return pointers
    .filter((p) => exists(p.target) && !headingsOf(readMarkdown(p.target)).has(p.heading!.toLowerCase()))
    .map((p) => `${p.where}: ${p.target} "${p.heading!}"`);
}

describe('what comments and documents point at', () => {
  const all = sources();
  const anchored = all.flatMap(anchorCitations);
  const quoted = all.flatMap(headingCitations);
  const paths = all.flatMap(repoPaths);
  const links = all.flatMap(markdownLinks);

  it('finds every kind of pointer (the scan itself works)', () => {
    expect(anchored.some((c) => c.target === 'docs/SYNC.md')).toBe(true);
    expect(quoted.some((c) => c.heading === 'Hub sync')).toBe(true);
    expect(paths.some((c) => c.target === 'server/src/zim')).toBe(true);
    expect(links.some((c) => c.anchor === 'zim-files')).toBe(true);
  });

  it('cites files of docs/', () => {
    expect(missingTargets([...anchored, ...quoted])).toEqual([]);
  });

  it('names anchors those files have', () => {
    expect(unknownAnchors([...anchored, ...links])).toEqual([]);
  });

  it('quotes headings those files have', () => {
    expect(unknownHeadings(quoted)).toEqual([]);
  });

  it('names paths that exist', () => {
    expect(missingTargets([...paths, ...links])).toEqual([]);
  });
});

describe('the pointer readers', () => {
  const code = (text: string): Source => ({ file: 'server/src/x.ts', text });

  it('read explicit anchors and heading slugs', () => {
    const anchors = anchorsOf('<a id="resource-states"></a>\n## Resource states\n### Who may open a page\n## Fields (plain-text) ##\n');
    expect([...anchors]).toEqual(['resource-states', 'who-may-open-a-page', 'fields-plain-text']);
  });

  it('read headings with and without their parenthesis, and bold labels', () => {
    const names = headingsOf('## Memory on a Pi (2026-11-26)\n- **Durability**: fsync\n**Controls: which to use when.** Every page\n');
    expect([...names]).toEqual(['memory on a pi (2026-11-26)', 'memory on a pi', 'durability', 'controls: which to use when']);
  });

  it('read a quoted heading that wraps onto the next comment line', () => {
    const [cited] = headingCitations(code('/**\n * see docs/PERFORMANCE.md, "Browsing during\n * an upload"\n */'));
    expect(cited).toEqual({ where: 'server/src/x.ts:2', target: 'docs/PERFORMANCE.md', heading: 'Browsing during an upload' });
  });

  it('read paths in comments only, and pass over placeholders and MIME types', () => {
    const text = [
      "const type = 'image/png'; // see server/src/media/serve.ts",
      "import x from 'server/src/not-a-comment.ts';",
      ' * server/migrations/<NNNN_name>.sql, web/src/{a,b}.ts, image/webp and scripts/bench/',
    ].join('\n');
    expect(repoPaths(code(text)).map((p) => p.target)).toEqual(['server/src/media/serve.ts', 'scripts/bench']);
  });

  it('find a stale pointer of each kind', () => {
    const stale = code('// docs/SYNC.md "No such heading", docs/SYNC.md#no-such-anchor, server/src/gone.ts');
    expect(unknownHeadings(headingCitations(stale))).toEqual(['server/src/x.ts:1: docs/SYNC.md "No such heading"']);
    expect(unknownAnchors(anchorCitations(stale))).toEqual(['server/src/x.ts:1: docs/SYNC.md#no-such-anchor']);
    expect(missingTargets(repoPaths(stale))).toEqual(['server/src/x.ts:1: server/src/gone.ts']);
  });
});
