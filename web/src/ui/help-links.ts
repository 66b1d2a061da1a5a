/*
 * The help menu's modals (docs/PRODUCT.md#modals: intro guide, terms and conditions,
 * contact) open from an address: the page's own URL plus a hash. A hash
 * changes nothing else (no loader runs again, the page stays as it was), the
 * phone's back button closes the modal, and any link can open one.
 */
export const HELP_HASHES = {
  intro: '#guia',
  terms: '#terminos',
  contact: '#contacto',
} as const;

export type HelpKind = keyof typeof HELP_HASHES;

/** The modal a location's hash asks for, or null. */
export function helpKindOf(hash: string): HelpKind | null {
  for (const [kind, value] of Object.entries(HELP_HASHES) as [HelpKind, string][]) {
    if (hash === value) return kind;
  }
  return null;
}
