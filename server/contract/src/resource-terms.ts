import { AUTHOR_MAX, SOURCE_MAX } from './values.ts';

/* A resource's terms. Plain data, with no schema code: the web imports it as '@kit/contract/resource-terms'. */

/**
 * The rights-free licences a contribution may carry (docs/PRODUCT.md#uploads: public domain
 * or rights-free only). Stored and sent as these exact labels.
 */
export const LICENSES = [
  'Dominio público',
  'CC0',
  'CC BY 4.0',
  'CC BY-SA 4.0',
  'Obra propia publicada bajo CC BY 4.0',
  'Obra propia publicada bajo CC BY-SA 4.0',
] as const;
export type License = (typeof LICENSES)[number];

/** A term typed freely, up to `max` characters. */
interface TextTermSpec {
  readonly name: string;
  readonly max: number;
  /** must be filled before the resource is submitted */
  readonly required: boolean;
}

/** A term chosen among fixed labels. */
interface ChoiceTermSpec {
  readonly name: string;
  readonly choices: readonly string[];
  /** must be chosen before the resource is submitted */
  readonly required: boolean;
}

/**
 * A resource's terms, in the order forms and pages show them; `name` is the
 * column of `resources` and the API's field. A new row needs its column (a
 * migration adding it with DEFAULT '') and its Spanish wording
 * (web/src/i18n/es-terms.ts).
 */
export const RESOURCE_TERMS = [
  { name: 'author', max: AUTHOR_MAX, required: true },
  { name: 'source', max: SOURCE_MAX, required: false },
  { name: 'license', choices: LICENSES, required: true },
] as const satisfies readonly (TextTermSpec | ChoiceTermSpec)[];

export type ResourceTerm = (typeof RESOURCE_TERMS)[number];
export type ResourceTermName = ResourceTerm['name'];
export type ChoiceTerm = Extract<ResourceTerm, { choices: readonly string[] }>;

export const RESOURCE_TERM_NAMES: readonly ResourceTermName[] = RESOURCE_TERMS.map((term) => term.name);

export const isChoiceTerm = (term: ResourceTerm): term is ChoiceTerm => 'choices' in term;

/** Every term, empty: a new resource's, or one from a kit that did not know them. */
export const EMPTY_TERMS: Readonly<Record<ResourceTermName, string>> = Object.fromEntries(RESOURCE_TERM_NAMES.map((name) => [name, ''])) as Record<ResourceTermName, string>;

/** Just the terms of anything that carries them all (a row, a resource, a form's values). */
export function termsOf(from: Readonly<Record<ResourceTermName, string>>): Record<ResourceTermName, string> {
  return Object.fromEntries(RESOURCE_TERM_NAMES.map((name) => [name, from[name]])) as Record<ResourceTermName, string>;
}
