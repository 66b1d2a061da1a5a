/**
 * Strings of the library, resource pages and search (docs/API-library.md), in Spanish.
 * The same rules as es.ts (the contract wording (docs/PRODUCT.md#strings); components never write
 * user-facing text inline); a separate module only so that the portal menu,
 * which imports es.ts, does not download them. Templates use {name}
 * placeholders, filled by features/library/fill.ts.
 */
export const esLibrary = {
  header: {
    logo: 'Inicio de la biblioteca',
    searchLabel: 'Buscar en la biblioteca',
    searchPlaceholder: 'Buscar…',
    search: 'Buscar',
    navigation: 'Biblioteca',
    home: 'Inicio',
    featured: 'Más vistos',
    random: 'Al Azar',
    upload: 'Subir',
    appDownload: 'Descarga la aplicación',
    help: 'Ayuda',
    helpIntro: 'Guía de introducción',
    helpTerms: 'Términos y condiciones',
    helpContact: 'Contacto',
    tutorials: 'Tutoriales',
  },
  banner: {
    label: 'Publicidad',
    hide: 'Ocultar por hoy',
  },
  tree: {
    loading: 'Cargando categorías…',
    failed: 'No se pudieron cargar las categorías.',
    /** admins only: how to arrange the tree */
    arrangeHint: 'Para ordenar, arrastra una categoría por su asa antes, después o dentro de otra. Con teclado: Alt + flechas.',
    moved: 'Categoría «{name}» movida',
    moveFailed: 'No se pudo mover la categoría.',
  },
  types: {
    label: 'Tipo de recurso',
    0: 'Todos',
    1: 'Imagen',
    2: 'Documento',
    3: 'Video',
    4: 'Audio',
    5: 'Aplicación',
    6: 'Lista',
    7: 'Biblioteca',
  },
  grid: {
    label: 'Recursos',
    empty: 'No hay recursos para mostrar.',
    views: '{n} vistas',
    oneView: '1 vista',
  },
  pagination: {
    label: 'Páginas',
    previous: 'Anterior',
    next: 'Siguiente',
    status: 'Página {page} de {pages}',
  },
  home: {
    categoryPath: 'Ruta de la categoría',
  },
  random: {
    empty: 'Todavía no hay recursos publicados en la biblioteca',
  },
  /** a «Biblioteca» resource: its ZIM file's facts and the check of its bytes */
  library: {
    language: 'Idioma',
    articles: 'Artículos',
    media: 'Imágenes, audios y videos',
    date: 'Fecha de la biblioteca',
    size: 'Tamaño del archivo',
    check: 'Comprobación del archivo',
    checking: 'Comprobando el archivo… {percent} %',
    ok: 'Archivo completo y sin daños',
    failed: 'El archivo está dañado: {reason}',
    failedNoReason: 'El archivo está dañado',
    index: 'Búsqueda en sus artículos',
    indexWaiting: 'En espera',
    indexTitles: 'Indexando los títulos: {percent} %',
    indexText: 'Indexando el texto: {percent} %',
    indexDone: 'Lista: se buscan sus títulos y su texto',
    indexFailed: 'No se pudo indexar: sus artículos no aparecen en la búsqueda',
  },
  resource: {
    category: 'Categoría',
    owner: 'Publicado por',
    date: 'Fecha',
    views: 'Vistas',
    size: 'Tamaño',
    version: 'Versión',
    description: 'Descripción',
    details: 'Detalles',
    download: 'Descargar',
    downloadSized: 'Descargar ({size})',
    downloadOriginal: 'Descargar el original',
    downloadOriginalSized: 'Descargar el original ({size})',
    downloadApp: 'Descargar aplicación',
    noPlayer: 'Tu navegador no puede reproducir este archivo. Descárgalo para verlo.',
    /** the player plays the kit's light copy; this switches to the file as it was uploaded */
    playOriginal: 'Calidad original',
    /** and back */
    playLight: 'Versión ligera para teléfonos',
    /** after either label: the file's size */
    sized: '{label} ({size})',
    noPreview: 'Este documento no se puede mostrar aquí. Descárgalo para leerlo.',
    listItems: 'Recursos de la lista',
    listEmpty: 'Esta lista no tiene recursos.',
    openList: 'Ver la lista',
  },
  /** The job that prepares a file's light copies, as its owner and admins follow it. */
  copies: {
    running: {
      video: 'Preparando video para teléfonos… {percent} %',
      image: 'Preparando imagen para teléfonos… {percent} %',
      audio: 'Preparando audio para teléfonos… {percent} %',
    },
    pending: {
      video: 'Video en espera para prepararse para teléfonos',
      image: 'Imagen en espera para prepararse para teléfonos',
      audio: 'Audio en espera para prepararse para teléfonos',
    },
    progress: 'Progreso de la copia para teléfonos',
    failed: 'No se pudo preparar la copia para teléfonos: {reason}.',
    keepsOriginal: 'El original se sigue viendo y descargando igual.',
    retry: 'Reintentar',
    retried: 'Se volverá a preparar la copia para teléfonos.',
    retryFailed: 'No se pudo reintentar. Vuelve a intentarlo.',
  },
  pdf: {
    label: 'Documento',
    loading: 'Cargando el documento…',
    failed: 'No se pudo mostrar el documento. Descárgalo para leerlo.',
    previous: 'Página anterior',
    next: 'Página siguiente',
    page: 'Página {page} de {pages}',
    zoomIn: 'Acercar',
    zoomOut: 'Alejar',
    fitWidth: 'Ajustar al ancho',
  },
  list: {
    by: 'Lista de {user}',
  },
  search: {
    title: 'Buscar',
    resultsFor: 'Resultados para «{q}»',
    prompt: 'Escribe lo que buscas y pulsa Enter.',
    tabs: 'Resultados',
    all: 'Todo',
    resources: 'Recursos',
    users: 'Usuarios',
    seeAll: 'Ver todos',
    noResources: 'No se encontraron recursos para «{q}».',
    noUsers: 'No se encontraron usuarios para «{q}».',
    capped: 'Hay muchos resultados: se muestran los más recientes. Escribe más palabras para afinar la búsqueda.',
    count: '{n} resultados',
    oneResult: '1 resultado',
    /** an article of an offline library among the results */
    inLibrary: 'En {library}',
    alias: 'También llamado «{name}»',
  },
  user: {
    resources: 'Recursos de {user}',
    resourcesFallback: 'Recursos del usuario',
    /** docs/PRODUCT.md#failure-messages */
    resourcesFailed: 'No se pudo obtener los recursos subidos por el usuario',
    empty: 'Este usuario todavía no ha subido recursos.',
    /** the visitor's own list (/user/resources leads here) */
    mine: 'Mis recursos',
    mineEmpty: 'Todavía no has subido recursos. Comparte uno desde «Subir».',
  },
  /** What a resource's owner (and admins) read about its status: why, and what can be done next. */
  review: {
    label: 'Estado del recurso',
    heading: 'Estado: {state}',
    states: { draft: 'Borrador', pending: 'Por aprobar', rejected: 'Rechazado', blocked: 'Bloqueado', reported: 'Reportado' },
    /** on the resource page, to its owner */
    owner: {
      draft: 'Todavía no lo enviaste: solo tú y los administradores lo ven. Complétalo y envíalo cuando esté listo.',
      pending: 'Un administrador del kit lo revisará antes de publicarlo. No tienes que hacer nada más; mientras tanto solo tú y los administradores lo ven.',
      rejected: 'Corrige lo que dice el motivo y vuelve a enviarlo. Mientras tanto solo tú y los administradores lo ven.',
      blocked: 'Ya no se muestra en la biblioteca: solo tú y los administradores lo ven. Si crees que es un error, escribe al administrador del kit.',
      reported: 'Sigue publicado mientras un administrador revisa los reportes: puede mantenerlo o bloquearlo. Si quieres explicar algo, escribe al administrador del kit.',
    },
    /** in lists, to its owner */
    ownerShort: {
      draft: 'Complétalo y envíalo cuando esté listo.',
      pending: 'Espera la revisión de un administrador.',
      rejected: 'Corrígelo y vuelve a enviarlo.',
      blocked: 'Solo tú lo ves. Si es un error, escribe al administrador.',
      reported: 'Sigue publicado mientras un administrador lo revisa.',
    },
    /** on the resource page, to an admin who is not its owner */
    admin: {
      draft: 'El autor todavía no lo envió.',
      pending: 'Espera la revisión de un administrador.',
      rejected: 'El autor puede corregirlo y volver a enviarlo.',
      blocked: 'Nadie más que el autor y los administradores lo ven.',
      reported: 'Sigue publicado hasta que un administrador lo mantenga o lo bloquee.',
    },
    reason: 'Motivo: {reason}',
    noReason: 'El administrador no indicó el motivo.',
    reports: 'Lo que dicen los reportes:',
    reportsShort: 'Reportes: {reasons}',
    ownerLinks: { draft: 'Continuar el borrador', rejected: 'Corregir y volver a enviar', blocked: 'Escribir al administrador', reported: 'Escribir al administrador' },
    adminLinks: { draft: 'Ver en «Por publicar»', pending: 'Revisar en «Por aprobar»', blocked: 'Ver en «Bloqueados»', reported: 'Revisar en «Reportados»' },
  },
  errors: {
    loadFailed: 'No se pudo cargar esta página.',
  },
} as const;
