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
    /** the login tile, once someone is logged in */
    session: { signedIn: 'Sesión iniciada', profile: 'Mi perfil', logout: 'Cerrar sesión' },
  },
  update: {
    available: 'Hay una nueva versión del portal.',
    apply: 'Actualizar',
    later: 'Más tarde',
  },
  // ---------------------------------------------------------------------------
  // Library, resources and search (issue 4): their strings are `esLibrary` in
  // ./es-library.ts, beside this file, so the portal menu (/menu), which loads
  // this file, does not download them (DESIGN §8 budget). Same rules: exact
  // SPEC wording; components never write user-facing text inline.
  // ---------------------------------------------------------------------------
  // ==== Accounts (issue 3) ====
  // Only what the app shell needs on every page; every other accounts string is
  // `esAccounts` in ./es-accounts.ts, so /menu does not download them (DESIGN §8).
  session: {
    /** SPEC §8: a 401 on an authenticated call. */
    tokenExpired: 'Su token ha expirado, vuelva a iniciar sesión',
  },
  // ==== end of Accounts (issue 3) ====
  // ==== Portal (issue 7) ====
  // Only what /menu and the app shell need; every other portal string is
  // `esPortal` in ./es-portal.ts, so /menu does not download them (DESIGN §8).
  portal: {
    /** SPEC §9 top loading bar, for screen readers */
    loadingBar: 'Cargando la página',
    menuBanner: 'Aviso del portal',
    externalTool: 'Se abre en otro servicio del kit',
    /** SPEC §1/§3 seeDesktop on a phone or tablet */
    mobileView: 'Ver la versión para teléfonos',
    desktopView: 'Ver todas las herramientas',
  },
  // ==== end of Portal (issue 7) ====
} as const;
