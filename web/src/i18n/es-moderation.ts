import { deleteWording } from './es-delete.ts';

/** Texts of the admin resource pages (docs/API-contributions.md); only the admin chunk imports them. */
export const esModeration = {
  lists: {
    all: { title: 'Todos los recursos', empty: 'No hay recursos' },
    'pending-approval': { title: 'Recursos por aprobar', empty: 'No hay recursos por aprobar' },
    draft: { title: 'Recursos por publicar', empty: 'No hay borradores' },
    reports: { title: 'Recursos reportados', empty: 'No hay recursos reportados' },
    block: { title: 'Recursos bloqueados', empty: 'No hay recursos bloqueados' },
  },
  /** docs/PRODUCT.md#failure-messages */
  loadError: {
    resources: 'Hubo un problema obteniendo la lista de recursos',
    blocked: 'Hubo un problema obteniendo la lista de recursos bloqueados',
    reported: 'Hubo un problema obteniendo la lista de recursos reportados',
  },
  retry: 'Reintentar',
  filters: {
    label: 'Filtrar recursos',
    search: 'Buscar por título, autor, categoría o usuario',
    /** short enough for the field on a 360 px phone; the field's name says it all */
    searchHint: 'Título, autor, categoría…',
    searchButton: 'Buscar',
    type: 'Tipo',
  },
  total: (n: number) => (n === 1 ? '1 recurso' : `${n} recursos`),
  loading: 'Cargando…',
  row: {
    owner: 'Subido por',
    noOwner: 'Usuario eliminado',
    date: 'Fecha',
    state: 'Estado',
    reason: 'Motivo',
    reported: (n: number) => (n === 1 ? 'Reportado (1)' : `Reportado (${n})`),
    reports: 'Reportes',
    reportBy: (name: string, date: string) => `${name}, ${date}`,
    anonymousReporter: 'Usuario eliminado',
  },
  states: {
    draft: 'Borrador',
    pending: 'Por aprobar',
    published: 'Publicado',
    rejected: 'Rechazado',
    blocked: 'Bloqueado',
  },
  actions: {
    approve: 'Aprobar',
    reject: 'Rechazar',
    publish: 'Publicar',
    block: 'Bloquear',
    unblock: 'Desbloquear',
    keep: 'Mantener',
    delete: 'Eliminar',
    dismiss: 'Descartar reporte',
  },
  /** the deletion's confirmation (docs/API-contributions.md: what goes with a resource) */
  deleteWording: (title: string) => deleteWording(`el recurso «${title}»`, 'Se borra con su archivo, sus comentarios, favoritos, reportes y su lugar en las listas.'),
  /** the confirmation of each other action: title, sentence, and what the owner or the library will see */
  confirm: {
    approve: { title: '¿Aprobar el recurso?', body: (title: string) => `«${title}» se publicará en la biblioteca.` },
    reject: { title: '¿Rechazar el recurso?', body: (title: string) => `«${title}» volverá a su dueño con el motivo que escribas.` },
    publish: { title: '¿Publicar el recurso?', body: (title: string) => `«${title}» se publicará en la biblioteca.` },
    block: {
      title: '¿Bloquear el recurso?',
      body: (title: string) => `«${title}» desaparecerá de la biblioteca, la búsqueda y las listas para todos salvo su dueño y los administradores.`,
    },
    unblock: { title: '¿Desbloquear el recurso?', body: (title: string) => `«${title}» volverá a verse en la biblioteca.` },
    keep: { title: '¿Mantener el recurso?', body: (title: string) => `«${title}» sigue publicado y sus reportes abiertos se cierran.` },
    dismiss: { title: '¿Descartar el reporte?', body: (reason: string) => `El reporte «${reason}» se cerrará sin cambiar el recurso.` },
  },
  reason: {
    required: 'Motivo (lo leerá el dueño)',
    optional: 'Motivo (opcional, lo leerá el dueño)',
  },
  done: {
    approve: 'Recurso aprobado y publicado',
    reject: 'Recurso rechazado',
    publish: 'Recurso publicado',
    block: 'Recurso bloqueado',
    unblock: 'Recurso desbloqueado',
    keep: 'Recurso mantenido; reportes cerrados',
    delete: 'Recurso eliminado',
    dismiss: 'Reporte descartado',
  },
  working: 'Guardando…',
  failed: 'No se pudo completar la acción',
} as const;
