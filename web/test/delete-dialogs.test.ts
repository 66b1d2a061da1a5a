import { readdirSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * docs/PRODUCT.md#confirm-dialog: every delete confirmation has one wording,
 * built by deleteWording() (i18n/es-delete.ts). This walks every Spanish module,
 * calling each text function with sample arguments, and lists each question
 * that asks to delete something in any other words.
 */

const I18N = path.resolve(import.meta.dirname, '..', 'src', 'i18n');
const DELETE_QUESTION = /¿\s*(Eliminar|Quitar|Borrar|Retirar del)\b/;
const CANNOT_UNDO = 'Esta acción no se puede deshacer.';

interface Wording {
  title: string;
  message: string;
  confirmLabel: string;
}

const isWording = (value: object): value is Wording => 'title' in value && 'message' in value && 'confirmLabel' in value;

/** The one wording: «¿Eliminar …?», what goes then that it cannot be undone, «Eliminar». */
function wordingFaults(where: string, w: Wording): string[] {
  const faults: string[] = [];
  if (!/^¿Eliminar .+\?$/.test(w.title)) faults.push(`${where}: title «${w.title}»`);
  if (!w.message.endsWith(` ${CANNOT_UNDO}`) || w.message.length <= CANNOT_UNDO.length + 1) faults.push(`${where}: message «${w.message}»`);
  if (w.confirmLabel !== 'Eliminar') faults.push(`${where}: button «${w.confirmLabel}»`);
  return faults;
}

/** Delete questions under value not worded by deleteWording(). */
function strayQuestions(value: unknown, where: string): string[] {
  if (typeof value === 'string') return DELETE_QUESTION.test(value) ? [`${where}: «${value}»`] : [];
  if (typeof value === 'function') return strayQuestions((value as (...args: string[]) => unknown)(...Array.from({ length: value.length }, () => 'Salud')), `${where}()`);
  if (value === null || typeof value !== 'object') return [];
  if (isWording(value) && DELETE_QUESTION.test(value.title)) return wordingFaults(where, value);
  return Object.entries(value).flatMap(([key, child]) => strayQuestions(child, `${where}.${key}`));
}

describe('delete confirmations', () => {
  it('all ask in the one wording: «¿Eliminar …?», what goes and that it cannot be undone, «Eliminar»', async () => {
    const faults: string[] = [];
    for (const file of readdirSync(I18N).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'es-delete.ts')) {
      const module: Record<string, unknown> = await import(path.join(I18N, file));
      faults.push(...strayQuestions(module, file));
    }
    expect(faults).toEqual([]);
  });
});
