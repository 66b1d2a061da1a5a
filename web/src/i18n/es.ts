import type { ServicesModeName } from '@kit/contract';

/**
 * Every text a user of the portal reads. Exact the contract wording (docs/PRODUCT.md#strings) where docs/PRODUCT.md#strings gives
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
  /** docs/PRODUCT.md#services-modes: each mode's one name, on every page that names it. */
  servicesModes: { default: 'Predeterminado', planet: 'Planeta', community: 'Comunidad' } satisfies Record<ServicesModeName, string>,
  /** ui/forms/FileField.tsx: the portal's own file picker, in place of the browser's (which speaks the phone's language) */
  fileField: {
    choose: 'Elegir archivo',
    none: 'Ningún archivo elegido',
  },
  errors: {
    /** docs/PRODUCT.md#failure-messages: generic failure message. */
    generic: 'Ha ocurrido un error',
    network: 'No se pudo conectar con el portal. Revisa tu conexión al wifi del kit.',
  },
  notFound: {
    /** docs/PRODUCT.md#not-found: the 404 page. */
    message: 'Error 404 - La página o recurso al que esta intentando acceder no existe o no está disponible',
  },
  layout: {
    /** docs/PRODUCT.md#admin-menu admin side menu: "Volver al Menú". */
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
  // Library, resources and search (docs/API-library.md): their strings are `esLibrary` in
  // ./es-library.ts, beside this file, so the portal menu (/menu), which loads
  // this file, does not download them (docs/PRODUCT.md#budgets budget). Same rules: exact
  // the contract wording (docs/PRODUCT.md#strings); components never write user-facing text inline.
  // ---------------------------------------------------------------------------
  // ==== Accounts (docs/API-accounts.md) ====
  // Only what the app shell needs on every page; every other accounts string is
  // `esAccounts` in ./es-accounts.ts, so /menu does not download them (docs/PRODUCT.md#budgets).
  session: {
    /** docs/PRODUCT.md#session: a 401 on an authenticated call. */
    tokenExpired: 'Su token ha expirado, vuelva a iniciar sesión',
  },
  // ==== end of Accounts (docs/API-accounts.md) ====
  // ==== Portal (docs/API-portal.md) ====
  // Only what /menu and the app shell need; every other portal string is
  // `esPortal` in ./es-portal.ts, so /menu does not download them (docs/PRODUCT.md#budgets).
  portal: {
    /** docs/PRODUCT.md#timings top loading bar, for screen readers */
    loadingBar: 'Cargando la página',
    menuBanner: 'Aviso del portal',
    externalTool: 'Se abre en otro servicio del kit',
    /** docs/PRODUCT.md#menu-lists seeDesktop on a phone or tablet */
    mobileView: 'Ver la versión para teléfonos',
    desktopView: 'Ver todas las herramientas',
  },
  // ==== end of Portal (docs/API-portal.md) ====
} as const;
