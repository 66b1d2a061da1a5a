import { deflateSync } from 'node:zlib';
import { FIRST_CODE, HELVETICA_BOLD_WIDTHS, HELVETICA_WIDTHS } from './helvetica-metrics.ts';

/*
 * A tiny PDF writer for text documents: the standard Helvetica fonts (built
 * into every reader, nothing embedded) in WinAnsiEncoding, so Spanish accents,
 * ñ, ¿ ¡ « » come out right; lines wrapped by the real glyph widths; as many
 * A4 pages as the text needs, numbered. No network, no dependency.
 */

export type FontName = 'regular' | 'bold';

/** A run of text the layout wraps: a title, a paragraph, a list item. */
export interface TextBlock {
  text: string;
  font: FontName;
  size: number;
  /** space above the block, in points */
  gapBefore: number;
  /** left indent of every line, in points */
  indent?: number;
  /** drawn before the first line, hanging in the indent (a list bullet) */
  marker?: string;
}

export interface PageSetup {
  width: number;
  height: number;
  margin: number;
  /** "Página {page} de {pages}" under each page */
  footer: (page: number, pages: number) => string;
}

export const A4: Omit<PageSetup, 'footer'> = { width: 595.28, height: 841.89, margin: 56 };

const FONT_RESOURCE: Record<FontName, string> = { regular: 'F1', bold: 'F2' };
const WIDTHS: Record<FontName, readonly number[]> = { regular: HELVETICA_WIDTHS, bold: HELVETICA_BOLD_WIDTHS };
const LINE_HEIGHT = 1.4;
const FOOTER_SIZE = 9;

/** Unicode characters of WinAnsiEncoding's 0x80–0x9F range, by code. */
const WIN_ANSI_HIGH: Readonly<Record<string, number>> = {
  '€': 0x80, '‚': 0x82, 'ƒ': 0x83, '„': 0x84, '…': 0x85, '†': 0x86, '‡': 0x87, 'ˆ': 0x88, '‰': 0x89,
  'Š': 0x8a, '‹': 0x8b, 'Œ': 0x8c, 'Ž': 0x8e, '‘': 0x91, '’': 0x92, '“': 0x93, '”': 0x94, '•': 0x95,
  '–': 0x96, '—': 0x97, '˜': 0x98, '™': 0x99, 'š': 0x9a, '›': 0x9b, 'œ': 0x9c, 'ž': 0x9e, 'Ÿ': 0x9f,
};

/** The WinAnsiEncoding code of a character, or null when the encoding has none. */
export function winAnsiCode(char: string): number | null {
  const point = char.codePointAt(0) ?? -1;
  if ((point >= 0x20 && point <= 0x7e) || (point >= 0xa0 && point <= 0xff)) return point;
  return WIN_ANSI_HIGH[char] ?? null;
}

/** Text as WinAnsiEncoding bytes; a character the encoding lacks is an error, never a silent '?'. */
export function encodeWinAnsi(text: string): Buffer {
  const bytes = [...text.normalize('NFC')].map((char) => {
    const code = winAnsiCode(char);
    if (code === null) throw new Error(`el carácter «${char}» (U+${(char.codePointAt(0) ?? 0).toString(16)}) no existe en WinAnsiEncoding`);
    return code;
  });
  return Buffer.from(bytes);
}

export function textWidth(text: string, font: FontName, size: number): number {
  let units = 0;
  for (const code of encodeWinAnsi(text)) units += WIDTHS[font][code - FIRST_CODE] ?? 0;
  return (units * size) / 1000;
}

/** Words onto lines no wider than maxWidth; a word longer than a line is cut where it must be. */
export function wrapText(text: string, font: FontName, size: number, maxWidth: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    const candidate = line === '' ? word : `${line} ${word}`;
    if (textWidth(candidate, font, size) <= maxWidth) {
      line = candidate;
      continue;
    }
    if (line !== '') lines.push(line);
    let rest = word;
    while (textWidth(rest, font, size) > maxWidth) {
      const chars = [...rest];
      let fit = 1;
      while (fit < chars.length && textWidth(chars.slice(0, fit + 1).join(''), font, size) <= maxWidth) fit += 1;
      lines.push(chars.slice(0, fit).join(''));
      rest = chars.slice(fit).join('');
    }
    line = rest;
  }
  if (line !== '') lines.push(line);
  return lines;
}

/** One line placed on a page: its baseline at (x, y) from the bottom left. */
export interface PlacedText {
  text: string;
  font: FontName;
  size: number;
  x: number;
  y: number;
}

/** Flows blocks down A4-like pages, starting a new page when a line would cross the bottom margin. */
export function layoutPages(blocks: readonly TextBlock[], setup: Omit<PageSetup, 'footer'>): PlacedText[][] {
  const pages: PlacedText[][] = [[]];
  const top = setup.height - setup.margin;
  const bottom = setup.margin + FOOTER_SIZE * 2;
  let y = top;
  for (const block of blocks) {
    const indent = block.indent ?? 0;
    const step = block.size * LINE_HEIGHT;
    const lines = wrapText(block.text, block.font, block.size, setup.width - 2 * setup.margin - indent);
    // The gap above a block is dropped at the top of a page.
    if (y !== top) y -= block.gapBefore;
    lines.forEach((text, index) => {
      if (y - step < bottom) {
        pages.push([]);
        y = top;
      }
      y -= step;
      const page = pages[pages.length - 1] as PlacedText[];
      if (index === 0 && block.marker) page.push({ text: block.marker, font: block.font, size: block.size, x: setup.margin + indent - block.size, y });
      page.push({ text, font: block.font, size: block.size, x: setup.margin + indent, y });
    });
  }
  return pages;
}

/** A PDF literal string: ( ) \ escaped, bytes outside printable ASCII as octal, so the stream stays ASCII. */
function pdfString(text: string): string {
  let out = '(';
  for (const byte of encodeWinAnsi(text)) {
    if (byte === 0x28 || byte === 0x29 || byte === 0x5c) out += `\\${String.fromCharCode(byte)}`;
    else if (byte < 0x20 || byte > 0x7e) out += `\\${byte.toString(8).padStart(3, '0')}`;
    else out += String.fromCharCode(byte);
  }
  return `${out})`;
}

/** A document info string in UTF-16BE, which every reader shows with its accents. */
function pdfUnicodeString(text: string): string {
  const utf16 = Buffer.from(`\ufeff${text}`, 'utf16le').swap16();
  return `<${utf16.toString('hex').toUpperCase()}>`;
}

const num = (n: number): string => (Math.round(n * 100) / 100).toString();

function contentStream(lines: readonly PlacedText[]): string {
  return lines.map((l) => `BT /${FONT_RESOURCE[l.font]} ${num(l.size)} Tf 1 0 0 1 ${num(l.x)} ${num(l.y)} Tm ${pdfString(l.text)} Tj ET`).join('\n');
}

/** The whole document: catalog, page tree, fonts, one compressed content stream per page, xref table, trailer. */
export function writePdf(blocks: readonly TextBlock[], setup: PageSetup, info: { title: string; lang: string }): Buffer {
  const pages = layoutPages(blocks, setup);
  const objects: (string | { dict: string; stream: Buffer })[] = [];
  const add = (object: string | { dict: string; stream: Buffer }): number => objects.push(object);

  const catalog = add('');
  const pageTree = add('');
  const regular = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>');
  const bold = add('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>');
  const infoRef = add(`<< /Title ${pdfUnicodeString(info.title)} /Producer (Kit Portal) >>`);
  const pageRefs = pages.map((lines, index) => {
    const footerText = setup.footer(index + 1, pages.length);
    const footer: PlacedText = {
      text: footerText,
      font: 'regular',
      size: FOOTER_SIZE,
      x: (setup.width - textWidth(footerText, 'regular', FOOTER_SIZE)) / 2,
      y: setup.margin - FOOTER_SIZE,
    };
    const stream = deflateSync(Buffer.from(contentStream([...lines, footer]), 'latin1'));
    const content = add({ dict: `<< /Length ${stream.length} /Filter /FlateDecode >>`, stream });
    return add(
      `<< /Type /Page /Parent ${pageTree} 0 R /MediaBox [0 0 ${num(setup.width)} ${num(setup.height)}] ` +
        `/Resources << /Font << /F1 ${regular} 0 R /F2 ${bold} 0 R >> >> /Contents ${content} 0 R >>`,
    );
  });
  objects[catalog - 1] = `<< /Type /Catalog /Pages ${pageTree} 0 R /Lang ${pdfString(info.lang)} >>`;
  objects[pageTree - 1] = `<< /Type /Pages /Kids [${pageRefs.map((ref) => `${ref} 0 R`).join(' ')}] /Count ${pageRefs.length} >>`;

  // The binary comment line tells transfer tools the file is not plain text.
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xe2\xe3\xcf\xd3\n', 'latin1')];
  let offset = chunks[0]?.length ?? 0;
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(offset);
    const body =
      typeof object === 'string'
        ? Buffer.from(`${index + 1} 0 obj\n${object}\nendobj\n`, 'latin1')
        : Buffer.concat([Buffer.from(`${index + 1} 0 obj\n${object.dict}\nstream\n`, 'latin1'), object.stream, Buffer.from('\nendstream\nendobj\n', 'latin1')]);
    chunks.push(body);
    offset += body.length;
  });
  const xref = [
    'xref',
    `0 ${objects.length + 1}`,
    '0000000000 65535 f ',
    ...offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n `),
    'trailer',
    `<< /Size ${objects.length + 1} /Root ${catalog} 0 R /Info ${infoRef} 0 R >>`,
    'startxref',
    String(offset),
    '%%EOF',
    '',
  ].join('\n');
  chunks.push(Buffer.from(xref, 'latin1'));
  return Buffer.concat(chunks);
}
