/**
 * Strings of the offline pages (docs/PRODUCT.md#offline), in Spanish: saving for offline,
 * "Mis descargas", and the notes on pages read from the phone. The same rules
 * as es.ts; only lazy route chunks load them.
 * Templates use {name} placeholders, filled by features/library/fill.ts.
 */
export const esOfflinePages = {
  save: {
    save: 'Guardar para ver sin conexión',
    saving: 'Guardando… {percent}%',
    savingUnknown: 'Guardando…',
    progress: 'Progreso del guardado',
    saved: 'Guardado en este teléfono ({size})',
    remove: 'Quitar de este teléfono',
    noSpace: 'No hay espacio en el teléfono para guardarlo.',
    failed: 'No se pudo guardar. Revisa la conexión y vuelve a intentarlo.',
    evicted: 'Para hacer espacio se quitó: {titles}.',
    download: 'Descargar al teléfono',
    downloadNote: 'Se guarda en las descargas del teléfono; ábrelo con sus aplicaciones, también sin conexión.',
    /** after a button's label: the size of what it saves */
    sized: '{label} ({size})',
    /** the kit made a light copy: the default buttons take it, these take the file as it was uploaded */
    saveOriginal: 'Guardar el original',
    lightNote: 'Se guarda la versión ligera para teléfonos, que ocupa menos.',
  },
  /** an article of a library (ZIM), saved from the reader's bar */
  article: {
    save: 'Guardar para leer sin conexión',
    saving: 'Guardando…',
    saved: 'Guardado',
    remove: 'Quitar',
    tooLarge: 'Este artículo es demasiado grande para guardarlo en el teléfono.',
    /** above a saved article shown with the kit out of reach */
    offline: 'Sin conexión: lees la copia guardada en este teléfono.',
  },
  saved: {
    title: 'Mis descargas',
    link: 'Mis descargas',
    empty: 'Todavía no guardaste nada para ver sin conexión.',
    total: 'Ocupan {size} en este teléfono.',
    size: 'Tamaño',
    remove: 'Quitar',
    removeNamed: 'Quitar {title}',
    /** a saved article: its title, then its library's */
    article: 'Artículo de {library}',
  },
  search: {
    offline: 'Sin conexión: se busca solo entre lo guardado en este teléfono.',
  },
  library: {
    offline: 'Sin conexión: se muestra lo que este teléfono guardó.',
  },
};
