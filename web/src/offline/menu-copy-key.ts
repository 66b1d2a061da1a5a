/**
 * Where the menu keeps its last answers for offline use (localStorage, not
 * Dexie, to keep /menu small); logout clears it. A file of its own so the
 * menu can import it without pulling the offline store into /menu.
 */
export const MENU_COPY_KEY = 'kp_menu_copy';
