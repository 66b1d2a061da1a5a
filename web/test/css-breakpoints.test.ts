// @vitest-environment node
import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { BREAKPOINTS, DRAWER_WIDTH, HEADER_HEIGHT } from '../src/layouts/breakpoints.ts';

const srcDir = path.resolve(import.meta.dirname, '..', 'src');

async function cssFiles(): Promise<string[]> {
  const entries = await readdir(srcDir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile() && e.name.endsWith('.css')).map((e) => path.join(e.parentPath, e.name));
}

describe('stylesheets use only the breakpoints', () => {
  it('use only the breakpoints in media queries', async () => {
    const allowed = new Set<number>(Object.values(BREAKPOINTS));
    const used: number[] = [];
    for (const file of await cssFiles()) {
      const css = await readFile(file, 'utf8');
      for (const match of css.matchAll(/@media[^{]*?(?:min|max)-width:\s*(\d+)px/g)) used.push(Number(match[1]));
    }
    expect(used.length).toBeGreaterThan(0);
    expect(used.filter((width) => !allowed.has(width))).toEqual([]);
  });

  it('set the 60px header and the 281px drawer', async () => {
    const base = await readFile(path.join(srcDir, 'styles', 'base.css'), 'utf8');
    expect(base).toContain(`--header-height: ${HEADER_HEIGHT}px;`);
    expect(base).toContain(`--drawer-width: ${DRAWER_WIDTH}px;`);
  });
});
