/**
 * Strings of accounts (docs/API-accounts.md): login, registration, password change,
 * profile, onboarding, notifications. The same rules as es.ts (exact docs/PRODUCT.md#strings
 * wording; components never write user-facing text inline); a separate
 * module only so that the portal menu (/menu), which loads es.ts, does not
 * download them (docs/PRODUCT.md#budgets budget). Only the app shell's own string stays in
 * es.ts (`es.session`).
 */
export const esAccounts = {
  notifications: {
    label: 'Notificaciones',
    close: 'Cerrar',
  },
  /** docs/PRODUCT.md#library-header library header user dropdown. */
  userMenu: {
    login: 'Iniciar sesión',
    logout: 'Cerrar sesión',
    profile: 'Perfil',
    label: 'Menú de la cuenta',
  },
  /** Failures the accounts screens explain, by the server's error code (never by its text). */
  accountErrors: {
    BAD_CREDENTIALS: 'Usuario o contraseña incorrectos',
    USER_BLOCKED: 'Tu cuenta está bloqueada. Habla con el administrador del kit',
    /** docs/PRODUCT.md#login 'unauthorized': a non-admin in admin login. */
    NOT_ADMIN: 'No autorizado: esta cuenta no es de administrador',
    /** an admin on the kit's denied-users list, at /admin/login */
    ADMIN_DENIED: 'Esta cuenta de administrador no tiene permiso para entrar al área de administración de este kit.',
    TEMPORARY_PASSWORD_INVALID: 'La contraseña temporal no es válida, ya se usó o caducó. Pide una nueva al administrador',
    RATE_LIMITED: 'Demasiados intentos. Espera un momento y vuelve a intentarlo',
    /** docs/PRODUCT.md#error-codes 'This username is already in use'. */
    USERNAME_TAKEN: 'Ese nombre de usuario ya está en uso. Elige otro',
    /** docs/PRODUCT.md#error-codes mapped codes. */
    V2_USER_001: 'El correo ya se encuentra en uso',
    V2_USER_002: 'El género no es válido',
    PASSWORD_CHANGE_REQUIRED: 'Debes cambiar tu contraseña antes de continuar',
    /** A password change long after the login needs the current password (docs/API-accounts.md). */
    CURRENT_PASSWORD_REQUIRED: 'Para cambiar tu contraseña escribe tu contraseña actual',
    CURRENT_PASSWORD_WRONG: 'La contraseña actual no es correcta',
  },
  login: {
    title: 'Iniciar sesión',
    adminTitle: 'Ingreso de administradores',
    temporaryTitle: 'Ingresar con contraseña temporal',
    temporaryHelp:
      'Si olvidaste tu contraseña, pide al administrador del kit una contraseña temporal. Sirve una sola vez: al entrar elegirás una contraseña nueva.',
    userName: 'Usuario',
    password: 'Contraseña',
    temporaryPassword: 'Contraseña temporal',
    submit: 'Ingresar',
    submitting: 'Ingresando…',
    userNameRequired: 'Ingresa tu usuario',
    passwordRequired: 'Ingresa tu contraseña',
    noAccount: '¿No tienes cuenta?',
    register: 'Crear una cuenta',
    forgot: '¿Olvidaste tu contraseña?',
    useTemporary: 'Ingresar con una contraseña temporal',
    adminRequired: 'Esa sección es solo para administradores. Ingresa con una cuenta de administrador.',
    adminLoginLink: 'Ir al ingreso de administradores',
    backToLogin: 'Volver a iniciar sesión',
  },
  /** /login?route=… for a logged-in account that is not an admin */
  noAdminAccess: {
    title: 'Sin acceso de administrador',
    explanation: 'Tu cuenta «{user}» no tiene acceso a la sección de administración. Para entrar, ingresa con una cuenta de administrador.',
    switchAccount: 'Ingresar con otra cuenta',
    back: 'Volver al menú',
  },
  register: {
    title: 'Crear una cuenta',
    userName: 'Usuario',
    userNameHelp: 'Entre 3 y 30 letras sin tildes, números, puntos o guiones. Lo usarás para ingresar.',
    userNameInvalid: 'Usa entre 3 y 30 letras sin tildes, números, puntos o guiones',
    name: 'Nombres',
    nameRequired: 'Ingresa tus nombres',
    lastName: 'Apellidos',
    lastNameRequired: 'Ingresa tus apellidos',
    email: 'Correo electrónico (opcional)',
    emailInvalid: 'Ingresa un correo válido, por ejemplo nombre@correo.com',
    password: 'Contraseña',
    repeatPassword: 'Repite la contraseña',
    submit: 'Crear cuenta',
    submitting: 'Creando cuenta…',
    haveAccount: '¿Ya tienes cuenta?',
    login: 'Iniciar sesión',
    failed: 'No se pudo crear la cuenta',
  },
  password: {
    /** «Cambio de contraseña»: docs/PRODUCT.md#password-rules. */
    title: 'Cambio de contraseña',
    intro: 'Elige una contraseña nueva que puedas recordar.',
    forcedIntro: 'Ingresaste con una contraseña temporal. Elige ahora tu contraseña nueva para seguir usando el portal.',
    currentPassword: 'Contraseña actual',
    newPassword: 'Nueva contraseña',
    repeatPassword: 'Repite la nueva contraseña',
    save: 'Guardar',
    saving: 'Guardando…',
    cancel: 'Cancelar',
    close: 'Cerrar',
    required: '*Debe ingresar una contraseña',
    minLength: 'Usa como mínimo 6 caracteres',
    mismatch: 'Las contraseñas deben coincidir',
    saved: 'Tu contraseña ha sido actualizada',
    failed: 'Ha ocurrido un error',
    open: 'Cambiar contraseña',
  },
  profile: {
    title: 'Perfil',
    editTitle: 'Editar mi perfil',
    loadFailed: 'No se pudo cargar el perfil.',
    blocked: 'Cuenta bloqueada',
    admin: 'Administrador',
    views: 'Visitas al perfil',
    memberSince: 'Miembro desde',
    /** link to /user/{id}/resources: one's own (with each one's status), or someone else's */
    myResources: 'Mis recursos',
    resources: 'Recursos subidos',
    avatarOf: 'Foto de perfil de',
    required: 'obligatorio',
    /** docs/PRODUCT.md#profile-form genders by code: Femenino (0), Masculino (1), Otros (2). */
    gender: 'Género',
    genders: ['Femenino', 'Masculino', 'Otros'],
    genderPlaceholder: 'Selecciona…',
    /** docs/PRODUCT.md#profile-form profile form messages. */
    genderRequired: 'Selecciona tu género',
    bornDate: 'Fecha de nacimiento',
    bornDateRequired: 'Ingresa tu fecha de nacimiento',
    bornDateFuture: 'La fecha de nacimiento no puede ser posterior a hoy',
    bornDateInvalid: 'Revisa la fecha de nacimiento',
    /** docs/PRODUCT.md#profile-form: shown DD/MM/YYYY (AAAA: año). */
    bornDatePlaceholder: 'DD/MM/AAAA',
    bornDateCalendar: 'Elegir en el calendario',
    phone: 'Número de celular',
    phoneMin: 'Debe tener mínimo 7 dígitos',
    phoneHelp: 'Si no tienes un número de celular, puedes dar el de un familiar cercano.',
    countryCode: 'Código de país',
    name: 'Nombres',
    lastName: 'Apellidos',
    email: 'Correo electrónico',
    emailInvalid: 'Ingresa un correo válido, por ejemplo nombre@correo.com',
    nameRequired: 'Ingresa tus nombres',
    lastNameRequired: 'Ingresa tus apellidos',
    instruction: 'Nivel de instrucción',
    occupation: 'Ocupación',
    others: 'Cuéntanos tu ocupación',
    notSet: 'Sin especificar',
    save: 'Guardar cambios',
    saving: 'Guardando…',
    /** docs/PRODUCT.md#notification-messages outcomes. */
    updated: 'El perfil se ha actualizado correctamente',
    updateFailed: 'No se pudo actualizar la información de perfil',
    changeImage: 'Cambiar foto',
    uploadingImage: 'Subiendo foto…',
    imageSaved: 'Tu foto de perfil se ha actualizado',
    imageFailed: 'No se pudo guardar la imagen de perfil',
    imageErrors: {
      IMAGE_NOT_ALLOWED: 'No se pudo guardar la imagen de perfil: solo se aceptan imágenes JPG, PNG, GIF o WebP',
      IMAGE_TOO_LARGE: 'No se pudo guardar la imagen de perfil: la imagen pesa más de 5 MB',
      IMAGE_UNREADABLE: 'No se pudo guardar la imagen de perfil: el archivo está dañado o no es una imagen',
      PAYLOAD_TOO_LARGE: 'No se pudo guardar la imagen de perfil: la imagen pesa más de 5 MB',
    },
  },
  constants: {
    educationTitle: 'Niveles de instrucción',
    occupationTitle: 'Ocupaciones',
    loadFailed: 'No se pudo cargar la lista.',
  },
  onboarding: {
    label: 'Bienvenida al portal',
    next: 'Siguiente',
    finish: 'Finalizar',
    close: 'Cerrar',
    steps: 'Pasos',
    step: 'Paso',
    of: 'de',
    /** docs/PRODUCT.md#onboarding: the extra form slide. */
    profileTitle: 'Completa tu perfil',
    profileIntro: 'Cuéntanos un poco de ti: así el portal de tu comunidad sabe a quién sirve. Solo tú y los administradores ven estos datos.',
    slides: [
      {
        title: 'Bienvenido a Kit Portal',
        text: 'La biblioteca de tu comunidad: funciona sin internet, solo con estar conectado al wifi del kit.',
      },
      {
        title: 'Explora la biblioteca',
        text: 'Encuentra videos, documentos, audios, imágenes y aplicaciones por categoría o escribiendo en el buscador.',
      },
      {
        title: 'Guarda lo que te gusta',
        text: 'Marca tus recursos favoritos y arma tus propias listas para volver a verlos cuando quieras.',
      },
      {
        title: 'Comparte con tu comunidad',
        text: 'Comenta lo que ves y sube recursos propios o libres de derechos para que otros aprendan.',
      },
      {
        title: 'Llévalo contigo',
        text: 'Guarda recursos en tu teléfono para verlos aunque te alejes del kit. Desde el menú vuelves siempre al inicio.',
      },
    ],
  },
} as const;
