import { TERMS, type TermsDocument } from '@kit/contract/terms';
import { A4, writePdf, type TextBlock } from './pdf-writer.ts';

/** The list bullet, as the web modal shows it. */
export const BULLET = '•';
const BODY = 10.5;

/** The terms as the PDF's text blocks, in reading order: title, date, then each section's heading, paragraphs and list items. */
export function termsBlocks(doc: TermsDocument): TextBlock[] {
  const blocks: TextBlock[] = [
    { text: doc.title, font: 'bold', size: 16, gapBefore: 0 },
    { text: doc.updated, font: 'regular', size: 9, gapBefore: 4 },
  ];
  for (const section of doc.sections) {
    blocks.push({ text: section.title, font: 'bold', size: 12, gapBefore: 14 });
    for (const block of section.blocks) {
      if (block.kind === 'p') blocks.push({ text: block.text, font: 'regular', size: BODY, gapBefore: 6 });
      else for (const item of block.items) blocks.push({ text: item, font: 'regular', size: BODY, gapBefore: 3, indent: 16, marker: BULLET });
    }
  }
  return blocks;
}

/** The terms and conditions as a PDF, from the same text the web modal shows. */
export function termsPdf(doc: TermsDocument = TERMS): Buffer {
  return writePdf(termsBlocks(doc), { ...A4, footer: (page, pages) => `Página ${page} de ${pages}` }, { title: doc.title, lang: 'es-PE' });
}
