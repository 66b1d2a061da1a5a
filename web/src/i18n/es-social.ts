import { deleteWording } from './es-delete.ts';
import { COMMENT_MAX, PLAYLIST_NAME_MAX, REASON_MAX } from '@kit/contract/values';

/**
 * Strings of comments, favourites, lists, reports and the write outbox
 * (docs/API-contributions.md; the outbox: docs/ARCHITECTURE.md "Write outbox"), in Spanish. …
 * so they stay out of /menu's download. Templates use {name} placeholders
 * (features/library/fill.ts). The docs/PRODUCT.md#failure-messages messages are word for word.
 */
export const esSocial = {
  comments: {
    title: 'Comentarios',
    label: 'Escribe un comentario',
    placeholder: 'Comparte lo que piensas de este recurso…',
    send: 'Comentar',
    sending: 'Enviando…',
    counter: '{count}/{max}',
    empty: 'Todavía no hay comentarios.',
    more: 'Ver más comentarios',
    loginToComment: 'Inicia sesión para comentar.',
    login: 'Iniciar sesión',
    anonymous: 'Usuario eliminado',
    remove: 'Eliminar',
    removeWording: deleteWording('el comentario', 'Nadie volverá a leerlo en este recurso.'),
    removed: 'Comentario eliminado',
    // same words as the server's COMMENT_EMPTY / COMMENT_TOO_LONG
    tooShort: 'El comentario está vacío',
    tooLong: `El comentario no puede pasar de ${COMMENT_MAX} caracteres`,
    addLabel: 'Tu comentario en «{title}»',
    removeLabel: 'La eliminación de tu comentario en «{title}»',
  },
  favorite: {
    add: 'Añadir a favoritos',
    remove: 'Quitar de favoritos',
    added: 'Añadido a tus favoritos',
    removed: 'Quitado de tus favoritos',
    addLabel: 'Añadir «{title}» a favoritos',
    removeLabel: 'Quitar «{title}» de favoritos',
  },
  lists: {
    addToList: 'Añadir a una lista',
    dialogTitle: 'Añadir a una lista',
    close: 'Cerrar',
    loading: 'Cargando tus listas…',
    none: 'Todavía no tienes listas.',
    add: 'Añadir',
    remove: 'Quitar',
    newName: 'Nombre de la nueva lista',
    createAndAdd: 'Crear lista y añadir',
    create: 'Crear lista',
    nameRequired: 'Escribe un nombre para la lista',
    nameTooLong: `El nombre no puede pasar de ${PLAYLIST_NAME_MAX} caracteres`,
    added: 'Añadido a «{name}»',
    removedFrom: 'Quitado de «{name}»',
    created: 'Lista «{name}» creada',
    rename: 'Cambiar nombre',
    renameSave: 'Guardar',
    renameCancel: 'Cancelar',
    renamed: 'Nombre cambiado',
    delete: 'Eliminar',
    deleteWording: (name: string) => deleteWording(`la lista «${name}»`, 'Se borra la lista; sus recursos siguen en la biblioteca.'),
    deleted: 'Lista eliminada',
    removeItem: 'Quitar de la lista',
    count: '{count} recursos',
    addLabel: 'Añadir «{title}» a la lista «{name}»',
    /** begins with removeItem's words: a button's name holds the text it shows */
    removeLabel: 'Quitar de la lista «{name}»: «{title}»',
    createLabel: 'Crear la lista «{name}»',
    renameLabel: 'Cambiar el nombre de la lista «{name}»',
    deleteLabel: 'Eliminar la lista «{name}»',
    // docs/PRODUCT.md#failure-messages, word for word
    loadFailed: 'Hubo un problema obteniendo las listas del usuario',
    deleteFailed: 'Hubo un problema al eliminar la lista',
  },
  profile: {
    favorites: 'Favoritos',
    favoritesEmpty: 'Todavía no hay favoritos.',
    favoritesFailed: 'Hubo un problema obteniendo los favoritos',
    lists: 'Listas',
    listsEmpty: 'Todavía no hay listas.',
  },
  report: {
    open: 'Reportar',
    title: 'Reportar este recurso',
    reason: 'Motivo del reporte',
    hint: `Cuéntanos qué problema tiene (máximo ${REASON_MAX} caracteres). Un administrador lo revisará.`,
    send: 'Enviar reporte',
    cancel: 'Cancelar',
    reasonRequired: 'Escribe el motivo',
    reasonTooLong: `El motivo no puede pasar de ${REASON_MAX} caracteres`,
    sent: 'Gracias: un administrador revisará el recurso',
  },
  outbox: {
    pending: 'Pendiente de envío',
    pendingHint: 'Se enviará cuando vuelva la conexión con el kit.',
    queued: 'Sin conexión: se enviará cuando vuelva la conexión.',
    failedBadge: 'No se pudo enviar',
    dismiss: 'Descartar',
    failed: 'No se pudo enviar un cambio hecho sin conexión: {what}. {why}',
    droppedOnLogout: 'Se descartaron los cambios hechos sin conexión que aún no se habían enviado.',
    profileLabel: 'Los cambios de tu perfil',
    profileQueued: 'Sin conexión: tus cambios se guardarán cuando vuelva la conexión.',
  },
} as const;
