import { WIFI_PASSWORD_MAX, WIFI_PASSWORD_MIN } from '@kit/contract';

/**
 * The one error catalog. Every failure the API reports is one of these codes,
 * answered as the error object (docs/PRODUCT.md#error-object) by the handler in plugins/error-handler.ts.
 * Messages are what a villager reads: Spanish, never internals.
 */
export const ERRORS = {
  VALIDATION: { httpCode: 400, type: 'validation', message: 'Los datos enviados no son válidos' },
  INVALID_JSON: { httpCode: 400, type: 'validation', message: 'El cuerpo de la petición no es JSON válido' },
  REQUEST_MALFORMED: { httpCode: 400, type: 'validation', message: 'La petición llegó dañada o incompleta. Vuelve a intentarlo' },
  REQUEST_TIMEOUT: { httpCode: 408, type: 'validation', message: 'La petición tardó demasiado en llegar. Vuelve a intentarlo' },
  HEADERS_TOO_LARGE: { httpCode: 431, type: 'validation', message: 'La petición trae demasiados datos en sus cabeceras' },
  UNAUTHORIZED: { httpCode: 401, type: 'auth', message: 'Debes iniciar sesión para continuar' },
  BAD_CREDENTIALS: { httpCode: 401, type: 'auth', message: 'Usuario o contraseña incorrectos' },
  USER_BLOCKED: { httpCode: 403, type: 'auth', message: 'Tu cuenta está bloqueada. Habla con el administrador del kit' },
  NOT_ADMIN: { httpCode: 403, type: 'unauthorized', message: 'Esta cuenta no es de administrador' },
  /** an admin on the denied-users list at the admin login: an admin, but not on this kit */
  ADMIN_DENIED: { httpCode: 403, type: 'unauthorized', message: 'Esta cuenta de administrador no tiene permiso para entrar al área de administración de este kit' },
  TOKEN_EXPIRED: { httpCode: 401, type: 'auth', message: 'Su token ha expirado, vuelva a iniciar sesión' },
  FORBIDDEN: { httpCode: 403, type: 'auth', message: 'No tienes permiso para hacer esto' },
  CSRF_REJECTED: { httpCode: 403, type: 'auth', message: 'La petición no viene de este portal y fue rechazada' },
  NOT_FOUND: { httpCode: 404, type: 'not_found', message: 'El recurso solicitado no existe o no está disponible' },
  ROUTE_NOT_FOUND: { httpCode: 404, type: 'not_found', message: 'Error 404 - La página o recurso al que esta intentando acceder no existe o no está disponible' },
  METHOD_NOT_ALLOWED: { httpCode: 405, type: 'not_found', message: 'Método no permitido' },
  CONFLICT: { httpCode: 409, type: 'conflict', message: 'La operación entra en conflicto con el estado actual' },
  PAYLOAD_TOO_LARGE: { httpCode: 413, type: 'validation', message: 'El archivo o los datos enviados son demasiado grandes' },
  UNSUPPORTED_MEDIA_TYPE: { httpCode: 415, type: 'validation', message: 'Tipo de contenido no admitido' },
  RANGE_NOT_SATISFIABLE: { httpCode: 416, type: 'validation', message: 'El rango pedido no existe en el archivo' },
  RATE_LIMITED: { httpCode: 429, type: 'rate_limit', message: 'Demasiados intentos. Espera un momento y vuelve a intentarlo' },
  INTERNAL: { httpCode: 500, type: 'server', message: 'Ha ocurrido un error' },
  UNAVAILABLE: { httpCode: 503, type: 'server', message: 'El servicio no está disponible en este momento' },
  DISK_FULL: { httpCode: 507, type: 'server', message: 'El kit se quedó sin espacio en el disco y no pudo guardar esto. Avisa al administrador para que libere espacio' },
  // Accounts (docs/API-accounts.md)
  USERNAME_TAKEN: { httpCode: 409, type: 'conflict', message: 'Ese nombre de usuario ya está en uso. Elige otro' },
  V2_USER_001: { httpCode: 409, type: 'conflict', message: 'El correo ya se encuentra en uso' },
  V2_USER_002: { httpCode: 400, type: 'validation', message: 'El género no es válido' },
  PASSWORD_CHANGE_REQUIRED: { httpCode: 403, type: 'auth', message: 'Debes cambiar tu contraseña antes de continuar' },
  CURRENT_PASSWORD_REQUIRED: { httpCode: 403, type: 'auth', message: 'Para cambiar tu contraseña escribe tu contraseña actual' },
  CURRENT_PASSWORD_WRONG: { httpCode: 403, type: 'auth', message: 'La contraseña actual no es correcta' },
  TEMPORARY_PASSWORD_INVALID: { httpCode: 401, type: 'auth', message: 'La contraseña temporal no es válida, ya se usó o caducó. Pide una nueva al administrador' },
  CANNOT_MODIFY_SELF: { httpCode: 409, type: 'conflict', message: 'No puedes hacer esto con tu propia cuenta' },
  LAST_ADMIN: { httpCode: 409, type: 'conflict', message: 'Debe quedar al menos un administrador en el kit' },
  IMAGE_NOT_ALLOWED: { httpCode: 415, type: 'validation', message: 'No se pudo guardar la imagen de perfil: solo se aceptan imágenes JPG, PNG, GIF o WebP' },
  IMAGE_TOO_LARGE: { httpCode: 413, type: 'validation', message: 'No se pudo guardar la imagen de perfil: la imagen pesa más de 5 MB' },
  IMAGE_UNREADABLE: { httpCode: 400, type: 'validation', message: 'No se pudo guardar la imagen de perfil: el archivo está dañado o no es una imagen' },
  PROFILE_IMAGE_FAILED: { httpCode: 500, type: 'server', message: 'No se pudo guardar la imagen de perfil' },
  // Library (docs/API-library.md)
  RESOURCE_NOT_FOUND: { httpCode: 404, type: 'not_found', message: 'El recurso no existe o no está disponible' },
  CATEGORY_NOT_FOUND: { httpCode: 404, type: 'not_found', message: 'La categoría no existe o no está disponible' },
  PLAYLIST_NOT_FOUND: { httpCode: 404, type: 'not_found', message: 'La lista no existe o no está disponible' },
  MEDIA_NOT_FOUND: { httpCode: 404, type: 'not_found', message: 'El archivo no existe o no está disponible' },
  DOWNLOADS_DISABLED: { httpCode: 403, type: 'auth', message: 'Las descargas están desactivadas en este kit' },
  LIBRARY_EMPTY: { httpCode: 404, type: 'not_found', message: 'Todavía no hay recursos publicados en la biblioteca' },
  // Portal (docs/API-portal.md): menu tiles, banners, ads board, downloads, uploads
  TILE_NOT_FOUND: { httpCode: 404, type: 'not_found', message: 'Esa herramienta no existe en este menú' },
  TILE_LOCKED: { httpCode: 409, type: 'conflict', message: 'Esa herramienta no se puede cambiar de esa forma' },
  TILE_TARGET_INVALID: { httpCode: 400, type: 'validation', message: 'El destino de la herramienta no es válido' },
  TILE_ORDER_INVALID: { httpCode: 400, type: 'validation', message: 'El orden debe incluir cada herramienta del menú una sola vez' },
  TILE_LIMIT: { httpCode: 409, type: 'conflict', message: 'Este menú ya tiene el máximo de herramientas agregadas' },
  BANNER_NOT_FOUND: { httpCode: 404, type: 'not_found', message: 'El banner no existe' },
  AD_NOT_FOUND: { httpCode: 404, type: 'not_found', message: 'El anuncio no existe o ya no está disponible' },
  AD_TRANSITION: { httpCode: 409, type: 'conflict', message: 'El anuncio no puede pasar a ese estado' },
  AD_PENDING_LIMIT: { httpCode: 429, type: 'rate_limit', message: 'Ya tienes 5 anuncios esperando revisión. Espera a que los revisen para publicar otro' },
  PACKAGE_NOT_FOUND: { httpCode: 404, type: 'not_found', message: 'No hay un paquete disponible para descargar' },
  PACKAGE_NOT_ALLOWED: { httpCode: 415, type: 'validation', message: 'El archivo no es un paquete de Android (APK) ni un archivo ZIP' },
  UPLOAD_MISSING: { httpCode: 400, type: 'validation', message: 'Falta el archivo (campo «file»)' },
  UPLOAD_MALFORMED: { httpCode: 400, type: 'validation', message: 'El formulario con el archivo llegó dañado. Vuelve a intentarlo' },
  UPLOAD_NOT_IMAGE: { httpCode: 415, type: 'validation', message: 'El archivo no es una imagen JPG, PNG, GIF o WebP' },
  PICTURE_UNREADABLE: { httpCode: 400, type: 'validation', message: 'La imagen está dañada o no se puede leer' },
  PICTURE_TOO_LARGE: { httpCode: 413, type: 'validation', message: 'La imagen tiene demasiados píxeles (máximo 50 megapíxeles)' },
  UPLOAD_TOO_LARGE: { httpCode: 413, type: 'validation', message: 'El archivo pesa más de lo permitido' },
  // Contributions (docs/API-contributions.md): uploads, moderation, comments, favourites, lists, idempotent replays
  RIGHTS_DECLARATION_REQUIRED: { httpCode: 400, type: 'validation', message: 'Debes declarar que el archivo es de dominio público o libre de derechos' },
  RESOURCE_FILE_DAMAGED: { httpCode: 422, type: 'media', message: 'El archivo no se puede leer: súbelo otra vez desde el original antes de enviarlo' },
  SUBMIT_INCOMPLETE: { httpCode: 400, type: 'validation', message: 'Completa los datos del recurso y sube su archivo antes de enviarlo' },
  INVALID_TRANSITION: { httpCode: 409, type: 'conflict', message: 'El recurso no admite esta acción en su estado actual' },
  REASON_REQUIRED: { httpCode: 400, type: 'validation', message: 'Escribe el motivo' },
  UPLOAD_NOT_FOUND: { httpCode: 404, type: 'not_found', message: 'La subida no existe o ya terminó. Vuelve a elegir el archivo' },
  UPLOAD_OFFSET_MISMATCH: { httpCode: 409, type: 'conflict', message: 'La subida no continúa donde quedó; se retomará desde el último byte recibido' },
  UPLOAD_TRUNCATED: { httpCode: 400, type: 'validation', message: 'El archivo llegó incompleto. Vuelve a intentarlo' },
  FILE_TYPE_NOT_ALLOWED: { httpCode: 415, type: 'validation', message: 'Ese tipo de archivo no se admite en la biblioteca' },
  FILE_TYPE_MISMATCH: { httpCode: 415, type: 'validation', message: 'El archivo no corresponde al tipo de recurso elegido' },
  // Offline libraries (ZIM files, docs/API-contributions.md#bibliotecas-zim)
  LIBRARY_ADMIN_ONLY: { httpCode: 403, type: 'auth', message: 'Solo un administrador puede traer una biblioteca (archivo ZIM) al kit' },
  ZIM_NOT_ZIM: { httpCode: 415, type: 'validation', message: 'El archivo no es una biblioteca ZIM' },
  ZIM_VERSION: { httpCode: 415, type: 'validation', message: 'Esta versión del formato ZIM no se puede leer en el kit' },
  ZIM_TRUNCATED: { httpCode: 422, type: 'validation', message: 'El archivo ZIM está incompleto: la copia se cortó antes del final. Cópialo de nuevo' },
  ZIM_BAD_OFFSET: { httpCode: 422, type: 'validation', message: 'El archivo ZIM está dañado: apunta a datos fuera del archivo' },
  ZIM_CORRUPT: { httpCode: 422, type: 'validation', message: 'El archivo ZIM está dañado y no se puede leer' },
  ZIM_COMPRESSION: { httpCode: 415, type: 'validation', message: 'El archivo ZIM usa una compresión que el kit no sabe leer' },
  ZIM_TOO_LARGE: { httpCode: 422, type: 'validation', message: 'El archivo ZIM tiene partes demasiado grandes para el kit' },
  ZIM_REDIRECT_LOOP: { httpCode: 422, type: 'validation', message: 'El archivo ZIM está dañado: sus enlaces internos dan vueltas sin fin' },
  ZIM_RANGE: { httpCode: 416, type: 'validation', message: 'El rango pedido no existe en el artículo' },
  ZIM_ENTRY_NOT_FOUND: { httpCode: 404, type: 'not_found', message: 'Esta página no está en la biblioteca' },
  LIBRARY_CHECK_FAILED: { httpCode: 403, type: 'auth', message: 'El archivo de esta biblioteca está dañado y no se puede leer' },
  ZIM_CHECKSUM: { httpCode: 422, type: 'validation', message: 'La suma de comprobación del archivo ZIM no coincide: la copia está dañada' },
  ZIM_COPY_NOT_ARTICLE: { httpCode: 415, type: 'validation', message: 'Solo se pueden guardar artículos, no archivos sueltos de la biblioteca' },
  ZIM_COPY_TOO_LARGE: { httpCode: 413, type: 'validation', message: 'Este artículo es demasiado grande para guardarlo en el teléfono' },
  FILE_UNREADABLE: { httpCode: 400, type: 'validation', message: 'El archivo está dañado o no se puede leer' },
  COVER_NOT_ALLOWED: { httpCode: 415, type: 'validation', message: 'La portada debe ser una imagen JPG, PNG, GIF o WebP' },
  COVER_TOO_LARGE: { httpCode: 413, type: 'validation', message: 'La portada pesa más de 10 MB' },
  COVER_UNREADABLE: { httpCode: 400, type: 'validation', message: 'La portada está dañada o no es una imagen' },
  COMMENT_EMPTY: { httpCode: 400, type: 'validation', message: 'El comentario está vacío' },
  COMMENT_TOO_LONG: { httpCode: 400, type: 'validation', message: 'El comentario no puede pasar de 1000 caracteres' },
  COMMENT_NOT_FOUND: { httpCode: 404, type: 'not_found', message: 'El comentario no existe o ya fue eliminado' },
  REPORT_EXISTS: { httpCode: 409, type: 'conflict', message: 'Ya reportaste este recurso; un administrador lo revisará' },
  REPORT_NOT_FOUND: { httpCode: 404, type: 'not_found', message: 'El reporte no existe' },
  PLAYLIST_FULL: { httpCode: 409, type: 'conflict', message: 'La lista ya tiene el máximo de recursos' },
  IDEMPOTENCY_KEY_REUSED: { httpCode: 422, type: 'conflict', message: 'Esta clave de reintento ya se usó para otra operación' },
  UPLOAD_QUOTA_EXCEEDED: { httpCode: 413, type: 'quota', message: 'El archivo no cabe en tu espacio del kit. Borra borradores o archivos que ya no necesites, o pide más espacio al administrador' },
  // Kit device control (docs/API-device.md)
  DEVICE_NOT_KIT: { httpCode: 404, type: 'not_found', message: 'El control del dispositivo solo existe en un kit' },
  DEVICE_BUSY: { httpCode: 409, type: 'conflict', message: 'El kit ya está haciendo otra acción. Espera a que termine' },
  DEVICE_ACTION_FAILED: { httpCode: 500, type: 'server', message: 'El kit no pudo completar la acción' },
  CERT_INVALID: { httpCode: 400, type: 'validation', message: 'El certificado no es válido: se espera un certificado en formato PEM' },
  CERT_KEY_INVALID: { httpCode: 400, type: 'validation', message: 'La clave privada no es válida: se espera una clave PEM sin contraseña' },
  CERT_KEY_MISMATCH: { httpCode: 400, type: 'validation', message: 'La clave privada no corresponde al certificado' },
  CERT_EXPIRED: { httpCode: 400, type: 'validation', message: 'El certificado está caducado o todavía no es válido' },
  CERT_HOSTNAME_MISMATCH: { httpCode: 400, type: 'validation', message: 'El certificado no es para el nombre de red del kit' },
  // The kit's Wi-Fi settings (docs/API-device.md)
  // each names its field in data.field (body.<field>); the message says what is allowed
  WIFI_SSID_INVALID: { httpCode: 400, type: 'validation', message: 'El nombre de la red debe tener de 1 a 32 bytes, sin caracteres de control' },
  WIFI_PASSWORD_INVALID: {
    httpCode: 400,
    type: 'validation',
    message: `La contraseña de la red debe tener de ${WIFI_PASSWORD_MIN} a ${WIFI_PASSWORD_MAX} caracteres ASCII (letras sin tilde ni ñ, cifras, espacios y signos)`,
  },
  WIFI_COUNTRY_UNKNOWN: { httpCode: 400, type: 'validation', message: 'País desconocido. Usa el código de dos letras del país (PE, GT, US…)' },
  WIFI_BAND_NOT_ALLOWED: { httpCode: 400, type: 'validation', message: 'La radio del kit o el país no permiten esa banda' },
  WIFI_CHANNEL_NOT_ALLOWED: { httpCode: 400, type: 'validation', message: 'El país no permite ese canal en esa banda' },
  WIFI_MAX_PHONES_INVALID: { httpCode: 400, type: 'validation', message: 'El número de teléfonos a la vez debe estar entre 1 y 2007' },
  WIFI_CHANGE_PENDING: { httpCode: 409, type: 'conflict', message: 'Ya hay un cambio de la red Wi-Fi esperando confirmación. Confírmalo desde la red nueva o espera a que se deshaga' },
  WIFI_NOTHING_PENDING: { httpCode: 409, type: 'conflict', message: 'No hay ningún cambio de la red Wi-Fi esperando confirmación' },
  WIFI_STILL_APPLYING: { httpCode: 409, type: 'conflict', message: 'El kit todavía está cambiando la red Wi-Fi. Espera unos segundos' },
  WIFI_CONFIRM_WRONG_NETWORK: { httpCode: 409, type: 'conflict', message: 'Pulsa «Conservar» desde un teléfono conectado a la red Wi-Fi nueva del kit' },
  WIFI_ALREADY_REVERTED: { httpCode: 409, type: 'conflict', message: 'Llegó tarde: el kit ya volvió a la red Wi-Fi anterior' },
  WIFI_SETTINGS_UNKNOWN: { httpCode: 503, type: 'server', message: 'El kit no pudo leer los ajustes de su red Wi-Fi' },
  WIFI_RADIO_UNKNOWN: { httpCode: 503, type: 'server', message: 'No se pudo leer la radio Wi-Fi del kit' },
  WIFI_REGDB_MISSING: { httpCode: 503, type: 'server', message: 'Falta la base de datos de reglas de radio del kit (paquete wireless-regdb)' },
  // Admin (docs/API-admin.md): categories, settings
  CATEGORY_NOT_EMPTY: { httpCode: 409, type: 'conflict', message: 'No se puede eliminar la categoría porque todavía tiene recursos o subcategorías. Muévelos a otra categoría primero' },
  CATEGORY_CYCLE: { httpCode: 409, type: 'conflict', message: 'Una categoría no puede quedar dentro de sí misma ni de una de sus subcategorías' },
  CATEGORY_PARENT_NOT_FOUND: { httpCode: 400, type: 'validation', message: 'La categoría padre no existe' },
  CATEGORY_ORDER_INVALID: { httpCode: 400, type: 'validation', message: 'El orden debe incluir cada subcategoría del mismo padre una sola vez' },
  SETTING_USER_NOT_FOUND: { httpCode: 400, type: 'validation', message: 'Alguno de los usuarios elegidos no existe' },
  SETTING_DENY_SELF: { httpCode: 409, type: 'conflict', message: 'No puedes quitarte a ti mismo el acceso de administrador' },
  SETTING_CATEGORY_NOT_FOUND: { httpCode: 400, type: 'validation', message: 'La categoría elegida no existe' },
  PRODUCT_SLUG_RESERVED: { httpCode: 400, type: 'validation', message: 'Esa dirección ya la usa el portal. Elige otra' },
  // Phone copies (docs/API-library.md, "Phone copies"). RENDITION_NOT_FAILED is an answer; the others are
  // why a background job failed, read by owners and admins in `renditionJob` and never sent as an HTTP error.
  RENDITION_NOT_FAILED: { httpCode: 409, type: 'conflict', message: 'Solo se puede reintentar una copia para teléfonos que falló' },
  RENDITION_UNREADABLE: { httpCode: 422, type: 'media', message: 'El archivo está dañado o incompleto: no se pudo leer entero' },
  RENDITION_NO_VIDEO: { httpCode: 422, type: 'media', message: 'El archivo no tiene imagen de video (¿es solo sonido?)' },
  RENDITION_NO_AUDIO: { httpCode: 422, type: 'media', message: 'El archivo no tiene sonido' },
  RENDITION_EMPTY: { httpCode: 422, type: 'media', message: 'El archivo no tiene contenido: su video o su sonido dura cero segundos' },
  RENDITION_TOO_LARGE: { httpCode: 422, type: 'media', message: 'La imagen o el video tiene demasiados píxeles para prepararlo en el kit' },
  RENDITION_TIMEOUT: { httpCode: 422, type: 'media', message: 'La preparación tardó más de lo permitido y se detuvo' },
  RENDITION_IMPLAUSIBLE: { httpCode: 422, type: 'media', message: 'El archivo dice durar mucho más de lo que sus datos pueden contener' },
  RENDITION_NO_MEMORY: { httpCode: 422, type: 'media', message: 'Preparar este archivo necesitaba más memoria de la que el kit puede darle' },
  RENDITION_STALLED: { httpCode: 422, type: 'media', message: 'El programa de video dejó de avanzar con este archivo y se detuvo' },
  RENDITION_INTERRUPTED: { httpCode: 422, type: 'media', message: 'La preparación se interrumpió varias veces (el kit se apagó o se reinició durante ella)' },
  RENDITION_NO_SPACE: { httpCode: 422, type: 'media', message: 'No quedaba espacio en el disco del kit para la copia' },
  RENDITION_NO_TOOL: { httpCode: 422, type: 'media', message: 'Falta el programa ffmpeg en el kit' },
  RENDITION_FAILED: { httpCode: 422, type: 'media', message: 'El programa de video no pudo convertir este archivo' },
  // Content packs and sync (docs/SYNC.md)
  PACK_NOT_A_PACK: { httpCode: 400, type: 'validation', message: 'El archivo no es un paquete de Kit Portal. No se cambió nada' },
  PACK_TOO_NEW: { httpCode: 400, type: 'validation', message: 'Este paquete se hizo con una versión más nueva de Kit Portal. Actualiza el kit para importarlo. No se cambió nada' },
  PACK_UNSIGNED: { httpCode: 400, type: 'validation', message: 'El paquete no está firmado. Solo se importa si un administrador lo acepta expresamente. No se cambió nada' },
  PACK_UNTRUSTED: { httpCode: 400, type: 'validation', message: 'El paquete está firmado por un editor que este kit no conoce. Agrega su clave a los editores de confianza o acéptalo expresamente. No se cambió nada' },
  PACK_SIGNATURE_INVALID: { httpCode: 400, type: 'validation', message: 'La firma del paquete no es válida: el paquete fue modificado o está dañado. No se cambió nada' },
  PACK_CORRUPT: { httpCode: 400, type: 'validation', message: 'El paquete está dañado: su contenido no coincide con sus huellas. No se cambió nada' },
  PACK_TRUNCATED: { httpCode: 400, type: 'validation', message: 'El paquete está incompleto (¿se cortó la descarga o se desconectó la memoria USB?). No se cambió nada; vuelve a intentarlo y continuará donde quedó' },
  SYNC_BUSY: { httpCode: 409, type: 'conflict', message: 'Ya hay una exportación, importación o sincronización en curso. Espera a que termine' },
  SYNC_DRIVE_NOT_FOUND: { httpCode: 404, type: 'not_found', message: 'No se encontró esa memoria USB. Conéctala y vuelve a intentarlo' },
  SYNC_PACK_NOT_FOUND: { httpCode: 404, type: 'not_found', message: 'No se encontró ese paquete' },
  SYNC_LIBRARY_NOT_FOUND: { httpCode: 404, type: 'not_found', message: 'No se encontró ese archivo ZIM en la memoria USB' },
  SYNC_CATEGORY_NOT_FOUND: { httpCode: 400, type: 'validation', message: 'Alguna de las categorías elegidas no existe' },
  SYNC_KEY_INVALID: { httpCode: 400, type: 'validation', message: 'La clave pública no es válida: se espera una clave ed25519 en base64' },
  SYNC_KEY_NOT_FOUND: { httpCode: 404, type: 'not_found', message: 'Esa clave no está entre los editores de confianza' },
  SYNC_HUB_NOT_CONFIGURED: { httpCode: 409, type: 'conflict', message: 'No hay una dirección de sincronización configurada en este kit' },
  SYNC_URL_INVALID: { httpCode: 400, type: 'validation', message: 'La dirección del centro debe empezar por http:// o https:// y no tener espacios' },
  SYNC_INTERVAL_INVALID: { httpCode: 400, type: 'validation', message: 'El intervalo debe ser un número entero de horas entre 0 y 720' },
  SYNC_HUB_UNREACHABLE: { httpCode: 503, type: 'server', message: 'No se pudo conectar con el centro de sincronización. Se volverá a intentar más tarde' },
  SYNC_FEED_NOT_PUBLISHED: { httpCode: 409, type: 'conflict', message: 'El centro todavía no publicó su catálogo: su dirección no devuelve el índice de paquetes. Se volverá a buscar en la próxima sincronización' },
  SYNC_FEED_INVALID: { httpCode: 400, type: 'validation', message: 'El catálogo del centro de sincronización no es válido o no está firmado por un editor de confianza; no se importó nada de él' },
  BACKUP_NOT_A_BACKUP: { httpCode: 400, type: 'validation', message: 'El archivo no es una copia de seguridad de Kit Portal. No se cambió nada' },
  BACKUP_FOREIGN: { httpCode: 400, type: 'validation', message: 'Esta copia de seguridad es de otro kit y no se puede restaurar aquí. No se cambió nada' },
  BACKUP_TOO_NEW: { httpCode: 400, type: 'validation', message: 'Esta copia de seguridad se hizo con una versión más nueva de Kit Portal. Actualiza el kit para restaurarla. No se cambió nada' },
  BACKUP_CORRUPT: { httpCode: 400, type: 'validation', message: 'La copia de seguridad está dañada o incompleta. No se cambió nada' },
  BACKUP_NOT_FOUND: { httpCode: 404, type: 'not_found', message: 'No se encontró esa copia de seguridad' },
  SYNC_COURIER_NONE: { httpCode: 404, type: 'not_found', message: 'Este kit no tiene la dirección de un centro: no hay nada que llevar' },
  HUB_REPORT_INVALID: { httpCode: 400, type: 'validation', message: 'El informe no es válido o no está firmado por un kit de confianza' },
  ENROLMENT_INVALID: { httpCode: 400, type: 'validation', message: 'La inscripción no es válida o no la firmó el kit que la envía' },
  ENROLMENT_TOKEN_INVALID: { httpCode: 400, type: 'validation', message: 'El código de inscripción no es válido para este centro: cópialo otra vez entero o pide uno nuevo a su administrador' },
  ENROLMENT_TOKEN_EXPIRED: { httpCode: 409, type: 'conflict', message: 'El código de inscripción caducó: pide uno nuevo al administrador del centro' },
  ENROLMENT_TOKEN_USED_UP: { httpCode: 409, type: 'conflict', message: 'El código de inscripción ya se usó para todos los kits previstos: pide uno nuevo al administrador del centro' },
  ENROLMENT_TOKEN_REVOKED: { httpCode: 409, type: 'conflict', message: 'El código de inscripción fue anulado en el centro: pide uno nuevo a su administrador' },
  ENROLMENT_TOKEN_NOT_FOUND: { httpCode: 404, type: 'not_found', message: 'Ese código de inscripción no existe' },
  ENROLMENT_ANSWER_INVALID: { httpCode: 400, type: 'validation', message: 'La respuesta del centro a la inscripción no prueba que conozca el código de inscripción: el kit no confía en ella' },
  HUB_REPORT_STALE: { httpCode: 409, type: 'conflict', message: 'El centro ya recibió un informe más reciente de este kit, o este tiene más de 7 días, y no lo atiende. Si la hora del kit está mal, ajústala en /admin/device' },
  // HTTPS certificates a hub obtains for its kits (docs/HTTPS.md)
  CERT_REQUEST_INVALID: { httpCode: 400, type: 'validation', message: 'La solicitud de certificado del kit no es válida: debe pedir un solo nombre, con una clave que el centro acepte' },
  CERT_NAME_OUTSIDE_DOMAIN: { httpCode: 400, type: 'validation', message: 'El centro solo emite certificados para nombres bajo su dominio' },
  CERT_NAME_TAKEN: { httpCode: 409, type: 'conflict', message: 'Ese nombre ya es de otro kit: el centro no lo da a un segundo kit' },
  CERT_DNS_HOOK_FAILED: { httpCode: 502, type: 'server', message: 'El programa DNS del centro no pudo publicar el registro del reto DNS-01. El administrador del centro debe revisar KIT_ACME_DNS_HOOK' },
  CERT_ACME_FAILED: { httpCode: 502, type: 'server', message: 'La autoridad de certificación no emitió el certificado. El administrador del centro puede ver el motivo en /admin/sync' },
  CERT_CHAIN_UNTRUSTED: { httpCode: 400, type: 'validation', message: 'El certificado no lo emitió una autoridad en la que confíen los teléfonos' },
  CERT_ANSWER_INVALID: { httpCode: 400, type: 'validation', message: 'La respuesta sobre el certificado no es válida, no la firmó el centro con el que se inscribió este kit, es para otro nombre o es para otro kit. Se conserva el certificado anterior' },
  CERT_NOT_ISSUING: { httpCode: 409, type: 'conflict', message: 'Este servidor no emite certificados: faltan las variables KIT_ACME_* (ver docs/HTTPS.md)' },
} as const satisfies Record<string, ErrorSpec>;

interface ErrorSpec {
  httpCode: number;
  type: string;
  message: string;
}

export type ErrorCode = keyof typeof ERRORS;

export interface ErrorBody {
  error: { httpCode: number; type: string; code: string; message: string; data: unknown };
}

export class AppError extends Error {
  readonly code: ErrorCode;
  readonly httpCode: number;
  readonly data: unknown;
  constructor(code: ErrorCode, data: unknown = null, message?: string) {
    super(message ?? ERRORS[code].message);
    this.code = code;
    this.httpCode = ERRORS[code].httpCode;
    this.data = data;
  }

  toBody(): ErrorBody {
    return {
      error: { httpCode: this.httpCode, type: ERRORS[this.code].type, code: this.code, message: this.message, data: this.data },
    };
  }
}
