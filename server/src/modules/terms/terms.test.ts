import { inflateSync } from 'node:zlib';
import { TERMS } from '@kit/contract/terms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../../test/helper.ts';
import { encodeWinAnsi, layoutPages, textWidth, wrapText, A4 } from './pdf-writer.ts';
import { BULLET } from './terms-pdf.ts';

let t: TestApp;
let pdf: Buffer;

beforeAll(async () => {
  t = await buildTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/pdf/tyc-uayki.pdf' });
  expect(res.statusCode).toBe(200);
  pdf = res.rawPayload;
});
afterAll(async () => t.close());

/** WinAnsiEncoding bytes back to text: Latin-1, plus the two codes of 0x80–0x9F the terms use. */
function decodeWinAnsi(bytes: number[]): string {
  const high: Record<number, string> = { 0x95: '•', 0x96: '–' };
  return bytes
    .map((b) => {
      if (b >= 0x80 && b <= 0x9f) {
        const char = high[b];
        if (!char) throw new Error(`unexpected code 0x${b.toString(16)}`);
        return char;
      }
      return String.fromCharCode(b);
    })
    .join('');
}

/** The strings of every `(…) Tj` of a content stream, escapes undone. */
function showStrings(stream: string): string[] {
  const out: string[] = [];
  const tj = /\(((?:\\.|\\[0-7]{1,3}|[^\\)])*)\)\s*Tj/g;
  for (const match of stream.matchAll(tj)) {
    const raw = match[1] ?? '';
    const bytes: number[] = [];
    for (let i = 0; i < raw.length; i++) {
      if (raw[i] !== '\\') {
        bytes.push(raw.charCodeAt(i));
        continue;
      }
      const octal = /^[0-7]{1,3}/.exec(raw.slice(i + 1))?.[0];
      if (octal) {
        bytes.push(parseInt(octal, 8));
        i += octal.length;
      } else {
        bytes.push(raw.charCodeAt(i + 1));
        i += 1;
      }
    }
    out.push(decodeWinAnsi(bytes));
  }
  return out;
}

/** Each page's text lines, from the compressed content streams. */
function pagesText(file: Buffer): string[][] {
  const text = file.toString('latin1');
  const pages: string[][] = [];
  for (const match of text.matchAll(/<< \/Length (\d+) \/Filter \/FlateDecode >>\nstream\n/g)) {
    const start = (match.index ?? 0) + match[0].length;
    const stream = inflateSync(file.subarray(start, start + Number(match[1]))).toString('latin1');
    pages.push(showStrings(stream));
  }
  return pages;
}

const squash = (text: string) => text.replace(/\s+/g, ' ').trim();

describe('GET /pdf/tyc-uayki.pdf', () => {
  it('is a PDF file', async () => {
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdf.subarray(-6).toString('latin1')).toBe('%%EOF\n');
    const res = await t.app.inject({ method: 'GET', url: '/pdf/tyc-uayki.pdf' });
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe('inline; filename="tyc-uayki.pdf"');
  });

  it('has a cross-reference table that points at every object', () => {
    const text = pdf.toString('latin1');
    const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const entries = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(entries.length).toBeGreaterThan(5);
    entries.forEach((offset, index) => expect(text.slice(offset, offset + 12)).toMatch(new RegExp(`^${index + 1} 0 obj\\n`)));
  });

  it('says exactly what the modal says, page after numbered page', () => {
    const pages = pagesText(pdf);
    expect(pages.length).toBeGreaterThan(1);
    expect(new RegExp(`/Count ${pages.length} `).test(pdf.toString('latin1'))).toBe(true);
    const body: string[] = [];
    pages.forEach((lines, index) => {
      expect(lines.at(-1)).toBe(`Página ${index + 1} de ${pages.length}`);
      body.push(...lines.slice(0, -1));
    });
    const expected = [
      TERMS.title,
      TERMS.updated,
      ...TERMS.sections.flatMap((section) => [
        section.title,
        ...section.blocks.flatMap((block) => (block.kind === 'p' ? [block.text] : block.items.flatMap((item) => [BULLET, item]))),
      ]),
    ];
    expect(squash(body.join(' '))).toBe(squash(expected.join(' ')));
  });

  it('covers what the terms must say', () => {
    const all = squash(JSON.stringify(TERMS));
    for (const needle of ['Licencia de uso', 'Derechos de autor', 'Limitación de responsabilidad', 'Cookies', 'Título', 'Autor', 'Fuente', 'Licencia', 'Descripción', 'República del Perú', 'Lima', 'bloquear, suspender o retirar']) {
      expect(all, needle).toContain(needle);
    }
  });

  it('answers a revalidation with 304', async () => {
    const first = await t.app.inject({ method: 'GET', url: '/pdf/tyc-uayki.pdf' });
    const again = await t.app.inject({ method: 'GET', url: '/pdf/tyc-uayki.pdf', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
  });
});

describe('the PDF writer', () => {
  it('encodes Spanish text in WinAnsiEncoding and refuses what it cannot show', () => {
    expect([...encodeWinAnsi('¿Año? ñÑ «á» – •')]).toEqual([0xbf, 0x41, 0xf1, 0x6f, 0x3f, 0x20, 0xf1, 0xd1, 0x20, 0xab, 0xe1, 0xbb, 0x20, 0x96, 0x20, 0x95]);
    expect(() => encodeWinAnsi('agua 💧')).toThrow(/WinAnsiEncoding/);
    expect(() => encodeWinAnsi(JSON.stringify(TERMS))).not.toThrow();
  });

  it('measures with the real glyph widths', () => {
    expect(textWidth('i', 'regular', 10)).toBeCloseTo(2.22);
    expect(textWidth('W', 'bold', 10)).toBeCloseTo(9.44);
    expect(textWidth('ñ', 'regular', 10)).toBe(textWidth('n', 'regular', 10));
  });

  it('wraps at spaces within the width, and cuts a word longer than a line', () => {
    const text = 'La biblioteca de la comunidad funciona sin internet desde el kit';
    const lines = wrapText(text, 'regular', 12, 120);
    expect(lines.length).toBeGreaterThan(2);
    expect(lines.join(' ')).toBe(text);
    for (const line of lines) expect(textWidth(line, 'regular', 12)).toBeLessThanOrEqual(120);
    const long = wrapText('x'.repeat(100), 'regular', 12, 60);
    expect(long.join('')).toBe('x'.repeat(100));
    for (const line of long) expect(textWidth(line, 'regular', 12)).toBeLessThanOrEqual(60);
  });

  it('starts a new page when the text reaches the bottom margin', () => {
    const blocks = Array.from({ length: 120 }, (_, i) => ({ text: `Párrafo ${i}`, font: 'regular' as const, size: 12, gapBefore: 6 }));
    const pages = layoutPages(blocks, A4);
    expect(pages.length).toBeGreaterThan(2);
    for (const page of pages) for (const line of page) expect(line.y).toBeGreaterThan(A4.margin);
    expect(pages.flat().map((l) => l.text)).toEqual(blocks.map((b) => b.text));
  });
});
