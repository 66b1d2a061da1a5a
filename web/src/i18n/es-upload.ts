import { deleteWording } from './es-delete.ts';

/**
 * Strings of the upload pages (docs/API-contributions.md): /upload, /upload/draft,
 * /upload/ModalAlert and /admin/resources/upload. Same rules as es.ts; a
 * separate module so only these lazy pages download it. Templates use
 * {name} placeholders, filled by features/library/fill.ts.
 */
export const esUpload = {
  title: 'Subir un recurso',
  adminTitle: 'Subir recursos',
  adminMine: 'Tus recursos',
  intro: 'Comparte con la comunidad un archivo de dominio público o libre de derechos.',
  /** docs/PRODUCT.md#uploads: uploads are public-domain or rights-free only; shown before the form. */
  alert: {
    title: 'Antes de subir',
    body: [
      'Solo puedes subir archivos de dominio público o libres de derechos: obras cuyo autor murió hace más de 70 años, obras publicadas con licencia CC0, CC BY o CC BY-SA, u obras tuyas que publiques bajo una de esas licencias.',
      'No subas películas, música, libros ni programas comerciales, ni fotos de personas sin su permiso.',
      'Indica siempre el título, el autor, la fuente, la licencia y una descripción. El recurso puede ser revisado por un administrador antes de publicarse, y se bloqueará si no cumple estas condiciones.',
    ],
    accept: 'Entendido, continuar',
    cancel: 'Cancelar',
  },
  form: {
    file: 'Archivo',
    fileHelp: 'Hasta {max}. Imagen, PDF, video, audio o aplicación (APK). A las fotos se les quita al subirlas la ubicación (GPS) y el número de serie del teléfono.',
    fileRequired: 'Elige el archivo que quieres subir.',
    fileTooBig: 'El archivo pesa {size}; el máximo es {max}.',
    fileChosen: 'Archivo subido: {name}',
    type: 'Tipo de recurso',
    title: 'Título',
    titleRequired: 'Escribe el título.',
    /** the terms' words (author, source, license…) are es-terms.ts's */
    description: 'Descripción',
    category: 'Categoría',
    categoryChoose: 'Elige una categoría',
    categoryRequired: 'Elige la categoría.',
    tooLong: 'Máximo {max} caracteres.',
    cover: 'Portada',
    coverAuto: 'Generar la portada automáticamente',
    coverAutoHelp: 'De una imagen se usa la misma imagen; de un video, un cuadro del video. Los demás tipos muestran su ícono.',
    coverOwn: 'Elegir una imagen de portada',
    coverFile: 'Imagen de portada',
    coverRequired: 'Elige la imagen de portada o genera una automáticamente.',
    coverTooBig: 'La portada pesa más de {max}.',
    coverFailed: 'No se pudo guardar la portada; el recurso se envió sin ella.',
    rights: 'Declaro que este archivo es de dominio público o libre de derechos, y que puedo publicarlo.',
    rightsRequired: 'Debes declarar que el archivo es de dominio público o libre de derechos.',
    saveDraft: 'Guardar borrador',
    draftSaved: 'Borrador guardado',
    submit: 'Subir y enviar para aprobación',
    submitPublish: 'Subir y publicar',
    working: 'Enviando…',
    failed: 'No se pudo enviar el recurso.',
  },
  types: { 1: 'Imagen', 2: 'Documento', 3: 'Video', 4: 'Audio', 5: 'Aplicación', 7: 'Biblioteca' } as Record<number, string>,
  progress: {
    label: 'Progreso de la subida',
    bytes: '{percent} % · {sent} de {size}',
    uploading: 'Subiendo el archivo…',
    interrupted: 'La subida se interrumpió. Se reanudará sola cuando vuelva la conexión.',
    resume: 'Reanudar',
    cancel: 'Cancelar',
    done: 'Archivo subido',
  },
  /** after submitting */
  result: {
    pending: 'Tu recurso fue enviado y está por aprobar. Te avisaremos en «Mis borradores» si lo rechazan.',
    published: 'Tu recurso fue publicado.',
    view: 'Ver el recurso',
    another: 'Subir otro recurso',
  },
  drafts: {
    title: 'Mis borradores',
    link: 'Mis borradores',
    empty: 'No tienes borradores.',
    untitled: 'Sin título',
    continue: 'Continuar',
    delete: 'Eliminar',
    deleteWording: (title: string) => deleteWording(`el borrador «${title}»`, 'Se borra con su archivo.'),
    deleted: 'Borrador eliminado',
    status: { draft: 'Borrador', rejected: 'Rechazado', pending: 'Por aprobar', published: 'Publicado', blocked: 'Bloqueado' } as Record<string, string>,
    unfinished: 'Subida sin terminar: {progress}',
    noFile: 'Sin archivo',
    back: 'Volver a mis borradores',
  },
  resume: {
    pickAgain: 'La subida de «{name}» quedó en {percent} %. Elige otra vez el mismo archivo ({size}) para continuar desde ahí.',
    notSame: 'Ese no es el mismo archivo: «{name}» pesa {size}. Elige el mismo archivo para continuar, o este para empezar de nuevo.',
  },
  newUpload: 'Subir un recurso nuevo',
  /** GET /api/v2/uploads/quota on /upload: the user's storage on the kit */
  quota: {
    label: 'Tu espacio en el kit',
    used: 'Usas {used} de {quota}.',
    unlimited: 'Usas {used}; tu cuenta no tiene límite de espacio.',
    full: 'Ya no te queda espacio: borra borradores o archivos que ya no necesites, o pide más espacio al administrador.',
  },
} as const;
