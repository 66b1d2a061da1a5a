import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Comments cite the repo's own documents (docs/PRODUCT.md#resource-states,
 * docs/API-accounts.md…) instead of documents a newcomer cannot open: every
 * cited file must exist, and every cited #anchor must be one of its anchors.
 */

const REPO = path.resolve(import.meta.dirname, '..', '..');
const SCANNED = ['server', 'web', 'scripts', 'image', 'systemd', 'fixtures', 'Makefile', 'eslint.config.js'];
const SKIPPED_DIRS = new Set(['node_modules', 'dist', '.toolchain', 'test-results', 'playwright-report', 'media', '.tmp']);
const TEXT = /\.(ts|tsx|js|mjs|css|html|sh|sql|json|md|service|target|conf|rules|txt|example)$/;
const CITATION = /docs\/([A-Za-z0-9_-]+\.md)(?:#([A-Za-z0-9_-]+))?/g;

interface Citation {
  where: string;
  doc: string;
  anchor: string | undefined;
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

function citations(): Citation[] {
  const found: Citation[] = [];
  for (const top of SCANNED) {
    const start = path.join(REPO, top);
    if (!fs.existsSync(start)) continue;
    for (const file of textFiles(start)) {
      const text = fs.readFileSync(file, 'utf8');
      if (text.includes('\0')) continue;
      for (const [index, line] of text.split('\n').entries()) {
        for (const match of line.matchAll(CITATION)) {
          found.push({ where: `${path.relative(REPO, file)}:${index + 1}`, doc: match[1]!, anchor: match[2] });
        }
      }
    }
  }
  return found;
}

/** The anchors of a Markdown file: explicit `<a id="…">` and GitHub's slugs of its headings. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  for (const match of markdown.matchAll(/<a id="([^"]+)"/g)) anchors.add(match[1]!);
  for (const match of markdown.matchAll(/^#{1,6}\s+(.+?)\s*#*$/gm)) {
    anchors.add(
      match[1]!
        .toLowerCase()
        .replace(/[^\p{L}\p{N}\s_-]/gu, '')
        .replace(/\s/g, '-'),
    );
  }
  return anchors;
}

describe('documents the code cites', () => {
  const cited = citations();
  const docsDir = path.join(REPO, 'docs');

  it('finds the citations (the scan itself works)', () => {
    expect(cited.some((c) => c.doc === 'SYNC.md')).toBe(true);
  });

  it('are files of docs/', () => {
    const missing = cited.filter((c) => !fs.existsSync(path.join(docsDir, c.doc))).map((c) => `${c.where}: docs/${c.doc}`);
    expect(missing).toEqual([]);
  });

  it('name anchors those files have', () => {
    const anchors = new Map<string, Set<string>>();
    const unknown: string[] = [];
    for (const c of cited) {
      if (c.anchor === undefined || !fs.existsSync(path.join(docsDir, c.doc))) continue;
      if (!anchors.has(c.doc)) anchors.set(c.doc, anchorsOf(fs.readFileSync(path.join(docsDir, c.doc), 'utf8')));
      if (!anchors.get(c.doc)!.has(c.anchor)) unknown.push(`${c.where}: docs/${c.doc}#${c.anchor}`);
    }
    expect(unknown).toEqual([]);
  });

  it('reads explicit anchors and heading slugs', () => {
    const anchors = anchorsOf('<a id="resource-states"></a>\n## Resource states\n### Who may open a page\n## Fields (plain-text) ##\n');
    expect([...anchors]).toEqual(['resource-states', 'who-may-open-a-page', 'fields-plain-text']);
  });
});
