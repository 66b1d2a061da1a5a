/**
 * Strings of the offline libraries' reader (docs/ROUTES.md#library, `/resource/{id}/read`), in
 * Spanish. The same rules as es.ts; only the reader's lazy chunk and the
 * resource page load them.
 */
export const esLibraries = {
  open: 'Abrir la biblioteca',
  reader: {
    back: 'Volver',
    search: 'Buscar en esta biblioteca',
    searchPlaceholder: 'Buscar artículos…',
    searchSubmit: 'Buscar',
    /** the frame's accessible name: the article shown inside it */
    frame: 'Artículo de {title}',
    tools: 'Herramientas del lector',
  },
  outside: {
    title: 'Este enlace sale del kit',
    body: 'Lleva a una página de internet. El kit funciona sin internet, así que solo se abrirá si tu teléfono tiene conexión a internet.',
    address: 'Dirección del enlace',
    invalid: 'La dirección del enlace no es válida.',
    back: 'Volver a la biblioteca',
  },
} as const;
