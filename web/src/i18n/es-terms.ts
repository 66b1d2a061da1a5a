import type { ResourceTerm, ResourceTermName } from '@kit/contract/resource-terms';

/** What the form and the page say of a term: its label, maybe a help; when required, its message; a choice, its placeholder. */
export interface TermWords {
  label: string;
  help?: string;
  required?: string;
  choose?: string;
}

type WordsOf<T extends ResourceTerm> = Pick<TermWords, 'label' | 'help'> &
  (T extends { required: true } ? Required<Pick<TermWords, 'required'>> : unknown) &
  (T extends { choices: readonly string[] } ? Required<Pick<TermWords, 'choose'>> : unknown);

/**
 * The words of a resource's terms (server/contract/src/resource-terms.ts), by
 * term, for the upload form and the resource page. Same rules as es.ts.
 */
const esTerms: { readonly [T in ResourceTerm as T['name']]: WordsOf<T> } = {
  author: { label: 'Autor', required: 'Escribe el autor (o «Desconocido»).' },
  source: { label: 'Fuente', help: 'Dónde se publicó la obra: un libro, una página web, un archivo…' },
  license: {
    label: 'Licencia',
    help: 'Solo licencias libres: dominio público, CC0, CC BY, CC BY-SA u obra propia publicada bajo una de ellas.',
    required: 'Elige la licencia.',
    choose: 'Elige una licencia',
  },
};

export const termWords = (name: ResourceTermName): TermWords => esTerms[name];
