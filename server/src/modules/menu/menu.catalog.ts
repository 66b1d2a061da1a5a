import type { ServicesModeName, TileIcon, TileTarget, ToolId } from '@kit/contract';

interface ToolSpec {
  name: string;
  /** its pictogram on the menu: each tool its own, so the menu reads without reading */
  icon: TileIcon;
  /** where the tile goes until an admin says otherwise; a route's `{product}` is the library slug */
  target: TileTarget;
  disabled?: boolean;
  adminOnly?: boolean;
  /** left out of the phone list, where space is short */
  desktopOnly?: boolean;
  /** admins cannot point it elsewhere (login, Uadmin, the menu editor, tools the product shows disabled) */
  lockedTarget?: boolean;
  /** admins cannot hide it: the add-tool tile is the way into the menu editor */
  lockedHidden?: boolean;
}

const route = (value: string): TileTarget => ({ kind: 'route', value });
const type = (code: number): TileTarget => ({ kind: 'type', value: String(code) });
const NONE: TileTarget = { kind: 'none', value: '' };

/** Where the admin-only add-tool tile leads: the menu editor (web/src/features/menu-admin). */
export const MENU_EDITOR_PATH = '/admin/menu';

/**
 * docs/PRODUCT.md#services-modes tools. Disabled ones (chat, government info) are shown greyed, as
 * the product says; tools with no target yet say so on the menu ("Próximamente")
 * until an admin points them at a category, a page or another service.
 */
export const TOOLS: Readonly<Record<ToolId, ToolSpec>> = {
  login: { name: 'Iniciar sesión o registrarse', icon: 'person', target: route('/login'), lockedTarget: true },
  library: { name: 'Biblioteca', icon: 'library', target: route('/{product}') },
  uadmin: { name: 'Uadmin', icon: 'gear', target: route('/admin'), adminOnly: true, lockedTarget: true },
  ads: { name: 'Anuncios', icon: 'megaphone', target: route('/anuncios') },
  multimedia: { name: 'Multimedia', icon: 'film', target: type(3) },
  surveys: { name: 'Encuestas', icon: 'clipboard', target: NONE, desktopOnly: true },
  encyclopedia: { name: 'Enciclopedia', icon: 'globe', target: NONE },
  courses: { name: 'Cursos', icon: 'cap', target: NONE },
  telehealth: { name: 'Telesalud', icon: 'health', target: NONE },
  apps: { name: 'Aplicaciones', icon: 'apps', target: route('/uapps') },
  news: { name: 'Noticias', icon: 'newspaper', target: NONE },
  books: { name: 'Libros', icon: 'book', target: type(2) },
  sustainability: { name: 'Sostenibilidad', icon: 'leaf', target: NONE },
  nutrition: { name: 'Nutrición', icon: 'apple', target: NONE },
  wellbeing: { name: 'Bienestar', icon: 'smile', target: NONE },
  chat: { name: 'Chat', icon: 'chat', target: NONE, disabled: true, lockedTarget: true },
  employability: { name: 'Empleabilidad', icon: 'briefcase', target: NONE },
  government: { name: 'Información del gobierno', icon: 'government', target: NONE, disabled: true, lockedTarget: true },
  // Goes to the tutorial category when the kit has one configured (menu.service.ts).
  tutorial: { name: 'Video de introducción', icon: 'play', target: NONE },
  appDownload: { name: 'Descarga la aplicación', icon: 'download', target: route('/extra/download') },
  addTool: { name: 'Agregar herramienta', icon: 'plus', target: route(MENU_EDITOR_PATH), adminOnly: true, lockedTarget: true, lockedHidden: true },
};

/** Each services mode: its fixed title and tool list (docs/PRODUCT.md#services-modes). */
export const MODES: Readonly<Record<ServicesModeName, { title: string; mobileTitle: string; tools: ToolId[] }>> = {
  default: {
    title: 'Portal de servicios de tu comunidad',
    mobileTitle: 'Tu portal',
    tools: ['login', 'library', 'uadmin', 'multimedia', 'books', 'apps', 'courses', 'encyclopedia', 'news', 'ads', 'surveys', 'tutorial', 'appDownload', 'addTool'],
  },
  planet: {
    title: 'Planeta: aprender y vivir bien',
    mobileTitle: 'Planeta',
    tools: ['login', 'library', 'uadmin', 'sustainability', 'nutrition', 'wellbeing', 'courses', 'books', 'encyclopedia', 'tutorial', 'appDownload', 'addTool'],
  },
  community: {
    title: 'Comunidad: trabajo, salud y servicios',
    mobileTitle: 'Comunidad',
    tools: ['login', 'library', 'uadmin', 'employability', 'ads', 'telehealth', 'government', 'chat', 'news', 'surveys', 'appDownload', 'addTool'],
  },
};
