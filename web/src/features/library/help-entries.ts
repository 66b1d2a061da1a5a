import { esLibrary } from '../../i18n/es-library.ts';
import { HELP_HASHES } from '../../ui/help-links.ts';

/**
 * The help menu's entries (docs/PRODUCT.md#library-header: intro guide, terms and conditions,
 * contact). Their modals belong to the portal work: each entry is added here
 * when its target exists, and the menu shows only when there is at least one,
 * so no button leads nowhere.
 */
export interface HelpEntry {
  id: 'intro' | 'terms' | 'contact';
  label: string;
  /** an address the entry opens; a hash (#terminos) opens a help modal over the page as it is (features/help) */
  to: string;
}

export const HELP_ENTRIES: readonly HelpEntry[] = [
  { id: 'intro', label: esLibrary.header.helpIntro, to: HELP_HASHES.intro },
  { id: 'terms', label: esLibrary.header.helpTerms, to: HELP_HASHES.terms },
  { id: 'contact', label: esLibrary.header.helpContact, to: HELP_HASHES.contact },
];
