import type { ServicesModeName, TileTarget, ToolId } from '@kit/contract';

interface ToolSpec {
  name: string;
  /** where the tile goes until an admin says otherwise; a route's `{product}` is the library slug */
  target: TileTarget;
  disabled?: boolean;
  adminOnly?: boolean;
  /** left out of the phone list, where space is short */
  desktopOnly?: boolean;
  /** admins cannot point it elsewhere (login, Uadmin, the menu editor, tools SPEC shows disabled) */
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
 * SPEC §1 tools. Disabled ones (chat, government info) are shown greyed, as
 * SPEC says; tools with no target yet say so on the menu ("Próximamente")
 * until an admin points them at a category, a page or another service.
 */
export const TOOLS: Readonly<Record<ToolId, ToolSpec>> = {
  login: { name: 'Iniciar sesión o registrarse', target: route('/login'), lockedTarget: true },
  library: { name: 'Biblioteca', target: route('/{product}') },
  uadmin: { name: 'Uadmin', target: route('/admin'), adminOnly: true, lockedTarget: true },
  ads: { name: 'Anuncios', target: route('/anuncios') },
  multimedia: { name: 'Multimedia', target: type(3) },
  surveys: { name: 'Encuestas', target: NONE, desktopOnly: true },
  encyclopedia: { name: 'Enciclopedia', target: NONE },
  courses: { name: 'Cursos', target: NONE },
  telehealth: { name: 'Telesalud', target: NONE },
  apps: { name: 'Aplicaciones', target: route('/uapps') },
  news: { name: 'Noticias', target: NONE },
  books: { name: 'Libros', target: type(2) },
  sustainability: { name: 'Sostenibilidad', target: NONE },
  nutrition: { name: 'Nutrición', target: NONE },
  wellbeing: { name: 'Bienestar', target: NONE },
  chat: { name: 'Chat', target: NONE, disabled: true, lockedTarget: true },
  employability: { name: 'Empleabilidad', target: NONE },
  government: { name: 'Información del gobierno', target: NONE, disabled: true, lockedTarget: true },
  // Goes to the tutorial category when the kit has one configured (services.service.ts).
  tutorial: { name: 'Video de introducción', target: NONE },
  appDownload: { name: 'Descarga la aplicación', target: route('/extra/download') },
  addTool: { name: 'Agregar herramienta', target: route(MENU_EDITOR_PATH), adminOnly: true, lockedTarget: true, lockedHidden: true },
};

/** Each services mode: its fixed title and tool list (SPEC §1). */
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
