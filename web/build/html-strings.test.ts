// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { fillHtmlStrings } from './html-strings.ts';

const strings = { app: { name: 'Kit Portal', description: 'Libros & "videos" <sin internet>' } };

describe('fillHtmlStrings', () => {
  it('puts each %es.key% text in place, escaped for HTML', () => {
    expect(fillHtmlStrings('<title>%es.app.name%</title><meta content="%es.app.description%">', strings)).toBe(
      '<title>Kit Portal</title><meta content="Libros &amp; &quot;videos&quot; &lt;sin internet&gt;">',
    );
  });

  it('refuses a key that es.ts does not have', () => {
    expect(() => fillHtmlStrings('%es.app.missing%', strings)).toThrow(/es\.app\.missing/);
    expect(() => fillHtmlStrings('%es.app%', strings)).toThrow(/es\.app/);
  });
});
