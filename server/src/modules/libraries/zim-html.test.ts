import { describe, expect, it } from 'vitest';
import { rewriteArticle } from './zim-html.ts';

const rewrite = (html: string): string => rewriteArticle(Buffer.from(html, 'utf8'), 9).toString('utf8');
const notice = (url: string): string => `/resource/9/read-outside?to=${encodeURIComponent(url)}`;

describe('rewriteArticle', () => {
  it('sends http, https and protocol-relative links, however quoted, to the notice at the top', () => {
    expect(rewrite(`<a href='http://a.org/x?y=1&amp;z=2'>a</a>`)).toContain(`<a href="${notice('http://a.org/x?y=1&z=2')}" target="_top">a</a>`);
    expect(rewrite('<a class="ext" HREF=https://b.org/ñ>b</a>')).toContain(`<a class="ext" HREF="${notice('https://b.org/ñ')}" target="_top">b</a>`);
    expect(rewrite('<a href="//c.org/p" target="_blank" rel="nofollow">c</a>')).toContain(`<a href="${notice('https://c.org/p')}" rel="nofollow" target="_top">c</a>`);
  });

  it('leaves links inside the library, anchors and other schemes as they are', () => {
    const inside = '<a href="Árbol">x</a><a href="../I/foto.png">y</a><a href="#s">z</a><a href="mailto:a@b.org">m</a><a name="n">n</a><area href="https://d.org">';
    expect(rewrite(`<html><head></head><body>${inside}</body></html>`)).toBe(`<html><head><script src="/zim-frame.js" defer></script></head><body>${inside}</body></html>`);
  });

  it('adds the frame script at the end of head, else of body, else of the page', () => {
    expect(rewrite('<body><p>x</p></BODY>')).toBe('<body><p>x</p><script src="/zim-frame.js" defer></script></BODY>');
    expect(rewrite('<p>x</p>')).toBe('<p>x</p><script src="/zim-frame.js" defer></script>');
  });

  it('keeps every other byte, even ones that are not UTF-8', () => {
    const bytes = Buffer.concat([Buffer.from('<p>'), Buffer.from([0xff, 0xfe, 0xe9]), Buffer.from('</p>')]);
    expect(rewriteArticle(bytes, 9).subarray(0, bytes.length).equals(bytes)).toBe(true);
  });
});
