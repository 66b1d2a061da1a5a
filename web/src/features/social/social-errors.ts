import { ApiError } from '../../api/client.ts';
import { es } from '../../i18n/es.ts';

/** The kit's Spanish message for a refused write, or the generic one (docs/PRODUCT.md#failure-messages). */
export function errorText(error: unknown): string {
  return error instanceof ApiError ? error.message : es.errors.generic;
}

/** Characters as a person counts them: "á" is one letter however it was typed (as the server counts). */
export function textLength(text: string): number {
  return [...text.normalize('NFC')].length;
}
