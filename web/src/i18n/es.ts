/**
 * Every text a user of the portal reads. Exact SPEC wording where SPEC gives
 * one; components import from here and never write user-facing text inline.
 */
export const es = {
  app: {
    name: 'Kit Portal',
    description: 'Biblioteca y servicios de tu comunidad, sin internet.',
    noscript: 'Activa JavaScript en tu navegador para usar el portal.',
    loading: 'Cargando…',
  },
  common: {
    retry: 'Reintentar',
  },
  errors: {
    /** SPEC §8: generic failure message. */
    generic: 'Ha ocurrido un error',
    network: 'No se pudo conectar con el portal. Revisa tu conexión al wifi del kit.',
  },
  notFound: {
    /** SPEC §2: the 404 page. */
    message: 'Error 404 - La página o recurso al que esta intentando acceder no existe o no está disponible',
  },
  layout: {
    /** SPEC §2 admin side menu: "Volver al Menú". */
    backToMenu: 'Volver al Menú',
    openMenu: 'Abrir menú',
    closeMenu: 'Cerrar menú',
    mainNavigation: 'Navegación principal',
    categories: 'Categorías',
    shortcuts: 'Accesos directos',
    adminNavigation: 'Menú de administración',
  },
  menu: {
    comingSoon: 'Próximamente',
    unavailable: 'No disponible',
    loadFailed: 'No se pudo cargar el menú del portal.',
    toolsLabel: 'Herramientas del portal',
  },
  update: {
    available: 'Hay una nueva versión del portal.',
    apply: 'Actualizar',
    later: 'Más tarde',
  },
} as const;
