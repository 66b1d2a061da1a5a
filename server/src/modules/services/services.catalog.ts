import type { ServicesModeName, ToolId } from '@kit/contract';

interface ToolSpec {
  name: string;
  /** where the tile goes; `{product}` is the library slug; null until a target exists */
  href: string | null;
  disabled?: boolean;
  adminOnly?: boolean;
  /** left out of the phone list, where space is short */
  desktopOnly?: boolean;
}

/** SPEC §1 tools. Disabled ones (chat, government info) are shown greyed, as SPEC says. */
export const TOOLS: Readonly<Record<ToolId, ToolSpec>> = {
  login: { name: 'Iniciar sesión o registrarse', href: '/login' },
  library: { name: 'Biblioteca', href: '/{product}' },
  uadmin: { name: 'Uadmin', href: '/admin', adminOnly: true },
  ads: { name: 'Anuncios', href: null },
  multimedia: { name: 'Multimedia', href: '/{product}?type=3' },
  surveys: { name: 'Encuestas', href: null, desktopOnly: true },
  encyclopedia: { name: 'Enciclopedia', href: null },
  courses: { name: 'Cursos', href: null },
  telehealth: { name: 'Telesalud', href: null },
  apps: { name: 'Aplicaciones', href: '/uapps' },
  news: { name: 'Noticias', href: null },
  books: { name: 'Libros', href: '/{product}?type=2' },
  sustainability: { name: 'Sostenibilidad', href: null },
  nutrition: { name: 'Nutrición', href: null },
  wellbeing: { name: 'Bienestar', href: null },
  chat: { name: 'Chat', href: null, disabled: true },
  employability: { name: 'Empleabilidad', href: null },
  government: { name: 'Información del gobierno', href: null, disabled: true },
  tutorial: { name: 'Video de introducción', href: null },
  appDownload: { name: 'Descarga la aplicación', href: '/extra/download' },
  addTool: { name: 'Agregar herramienta', href: null, adminOnly: true, desktopOnly: true },
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
