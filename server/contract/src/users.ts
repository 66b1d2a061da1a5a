import { Type, type Static, type TSchema } from 'typebox';
import { PASSWORD_MAX, PASSWORD_MIN, USER_NAME_PATTERN } from './auth.ts';
import { pagedSchema } from './common.ts';
import { COUNTRIES } from './menu.ts';

/*
 * Accounts: registration, profiles, password change, temporary credentials,
 * the user lists. Field bounds (the product leaves them to us, see docs/API-accounts.md):
 *   user_name   3–30 of a–z A–Z 0–9 . _ -   (USER_NAME_PATTERN), unique ignoring case
 *   name        1–60 characters, not only spaces (trimmed)
 *   last_name   1–60 characters, not only spaces (trimmed)
 *   email       optional (many villagers have none); ≤ 254, a@b.c shape; unique ignoring case
 *   password    6–128 characters
 *   gender      0 Femenino, 1 Masculino, 2 Otros
 *   born_date   YYYY-MM-DD, a real date, not in the future, not before 1900
 *   phone       digits and dots, at least 7 digits, ≤ 20 characters
 *   code_phone  one of COUNTRIES (+51, +502, +1); null when there is no phone
 */

export const NAME_MAX = 60;
export const EMAIL_MAX = 254;
export const EMAIL_PATTERN = '^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$';
export const PHONE_MIN_DIGITS = 7;
export const PHONE_MAX = 20;
export const PHONE_PATTERN = '^[0-9.]*$';
export const OTHERS_MAX = 200;
export const BORN_DATE_MIN = '1900-01-01';
export const DEFAULT_CODE_PHONE = '+51';
export const CODE_PHONES: readonly string[] = COUNTRIES.map((c) => c.code);

/** JS-readable cookie set by a temporary-credentials login; the web forces the password change while it is there. */
export const TMP_LOGIN_COOKIE = 'tmp_login';

/** docs/PRODUCT.md#profile-form genders, by code. */
export const GENDERS = [
  { id: 0, name: 'Femenino' },
  { id: 1, name: 'Masculino' },
  { id: 2, name: 'Otros' },
] as const;
export const GENDER_CODES: readonly number[] = GENDERS.map((g) => g.id);

/** docs/PRODUCT.md#profile-form instruction levels, stored and sent as these exact labels. */
export const INSTRUCTION_LEVELS: readonly string[] = [
  'Sin nivel',
  'Educación primaria',
  'Educación secundaria',
  'Educación superior técnica',
  'Educación superior universitaria',
  'Otros',
];

/** docs/PRODUCT.md#profile-form occupations (about 70, Estudiante first, Otros last), stored and sent as these exact labels. */
export const OCCUPATIONS: readonly string[] = [
  'Estudiante',
  'Agricultor(a)',
  'Ganadero(a)',
  'Pastor(a) de animales',
  'Pescador(a)',
  'Apicultor(a)',
  'Piscicultor(a)',
  'Jornalero(a)',
  'Técnico(a) agropecuario(a)',
  'Artesano(a)',
  'Tejedor(a)',
  'Costurero(a)',
  'Comerciante',
  'Vendedor(a) ambulante',
  'Empleado(a) de tienda',
  'Emprendedor(a)',
  'Ama de casa',
  'Trabajador(a) del hogar',
  'Cuidador(a) de niños o adultos mayores',
  'Docente',
  'Auxiliar de educación',
  'Promotor(a) de salud',
  'Enfermero(a)',
  'Técnico(a) en enfermería',
  'Obstetra',
  'Partera',
  'Médico(a)',
  'Odontólogo(a)',
  'Farmacéutico(a)',
  'Veterinario(a)',
  'Carpintero(a)',
  'Albañil',
  'Obrero(a) de construcción',
  'Electricista',
  'Gasfitero(a)',
  'Mecánico(a)',
  'Soldador(a)',
  'Herrero(a)',
  'Minero(a)',
  'Panadero(a)',
  'Cocinero(a)',
  'Mesero(a)',
  'Conductor(a)',
  'Mototaxista',
  'Transportista',
  'Guía de turismo',
  'Peluquero(a)',
  'Lavandero(a)',
  'Jardinero(a)',
  'Vigilante',
  'Policía',
  'Militar',
  'Bombero(a)',
  'Funcionario(a) público(a)',
  'Autoridad comunal',
  'Dirigente(a) social',
  'Secretario(a)',
  'Contador(a)',
  'Administrador(a)',
  'Abogado(a)',
  'Ingeniero(a)',
  'Arquitecto(a)',
  'Técnico(a) en computación',
  'Comunicador(a)',
  'Músico(a)',
  'Artista',
  'Religioso(a)',
  'Jubilado(a)',
  'Desempleado(a)',
  'Otros',
];

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
const PersonName = Type.String({ minLength: 1, maxLength: NAME_MAX, pattern: '\\S' });
/** Out-of-range codes are refused by the service with V2_USER_002, not by the schema. */
const Gender = Nullable(Type.Integer());
const Email = Nullable(Type.String({ maxLength: EMAIL_MAX }));
const BornDate = Nullable(Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }));
const Phone = Nullable(Type.String({ maxLength: PHONE_MAX, pattern: PHONE_PATTERN }));
const CodePhone = Nullable(Type.String({ maxLength: 8 }));

export const UserIdParamsSchema = Type.Object({ userId: Type.Integer({ minimum: 1 }) });

/** The stored profile picture: a 256 px WebP, content-addressed. */
export const UserImageSchema = Type.Object({
  FullImageUrl: Type.String(),
  sha256: Type.String(),
  mime: Type.String(),
  width: Type.Integer(),
  height: Type.Integer(),
  size: Type.Integer(),
});
export type UserImage = Static<typeof UserImageSchema>;

/**
 * docs/API-accounts.md User. email, born_date, code_phone, phone_number (and their copies
 * in details) are present only for the user themself and for admins; other
 * viewers get the public fields. A blocked user's picture is withheld
 * (FullImageUrl null) so clients fall back to the initial-letter avatar.
 */
export const UserSchema = Type.Object({
  id: Type.Integer(),
  user_name: Type.String(),
  name: Type.String(),
  last_name: Type.String(),
  is_admin: Type.Boolean(),
  isAdmin: Type.Boolean(),
  roleId: Type.Integer(),
  gender: Nullable(Type.Integer()),
  instruction_degree: Nullable(Type.String()),
  occupation: Nullable(Type.String()),
  others: Nullable(Type.String()),
  FullImageUrl: Nullable(Type.String()),
  blocked: Type.Boolean(),
  profile_views: Type.Integer(),
  created_at: Type.String(),
  email: Type.Optional(Nullable(Type.String())),
  born_date: Type.Optional(Nullable(Type.String())),
  code_phone: Type.Optional(Nullable(Type.String())),
  phone_number: Type.Optional(Nullable(Type.String())),
  /** self and admins only */
  mustChangePassword: Type.Optional(Type.Boolean()),
  /** admins only: on the denied-users list */
  denied: Type.Optional(Type.Boolean()),
  details: Type.Object({
    phone_number: Type.Optional(Nullable(Type.String())),
    code_phone: Type.Optional(Nullable(Type.String())),
    image: Nullable(UserImageSchema),
  }),
});
export type User = Static<typeof UserSchema>;

export const UserPageSchema = pagedSchema(UserSchema);
export type UserPage = Static<typeof UserPageSchema>;

/** POST /api/user/create (docs/PRODUCT.md#registration registration payload; gender optional). */
export const CreateUserSchema = Type.Object({
  user_name: Type.String({ pattern: USER_NAME_PATTERN }),
  name: PersonName,
  last_name: PersonName,
  password: Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
  email: Type.Optional(Email),
  gender: Type.Optional(Gender),
});
export type CreateUser = Static<typeof CreateUserSchema>;

/**
 * Profile changes (PUT /api/v2/users/{userId}/profile and POST /api/user/update).
 * Every field is optional: a missing field is left as it is, null clears it.
 */
export const UpdateUserSchema = Type.Object({
  /** POST /api/user/update only: whose profile (admins); defaults to the caller */
  id: Type.Optional(Type.Integer({ minimum: 1 })),
  name: Type.Optional(PersonName),
  last_name: Type.Optional(PersonName),
  email: Type.Optional(Email),
  gender: Type.Optional(Gender),
  born_date: Type.Optional(BornDate),
  instruction_degree: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
  occupation: Type.Optional(Nullable(Type.String({ maxLength: 60 }))),
  code_phone: Type.Optional(CodePhone),
  phone_number: Type.Optional(Phone),
  others: Type.Optional(Nullable(Type.String({ maxLength: OTHERS_MAX }))),
});
export type UpdateUser = Static<typeof UpdateUserSchema>;

/** POST /api/v3/personalDetails: the onboarding "Completa tu perfil" form. */
export const PersonalDetailsSchema = Type.Object({
  gender: Type.Integer(),
  born_date: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }),
  code_phone: Type.Optional(CodePhone),
  phone_number: Type.Optional(Phone),
});
export type PersonalDetails = Static<typeof PersonalDetailsSchema>;

/** PUT /api/v3/users/password */
export const ChangePasswordSchema = Type.Object({
  password: Type.String({ minLength: PASSWORD_MIN, maxLength: PASSWORD_MAX }),
  /** proof of ownership; not needed right after a login or for the forced change (docs/API-accounts.md) */
  currentPassword: Type.Optional(Type.String({ minLength: 1, maxLength: PASSWORD_MAX })),
});
export type ChangePassword = Static<typeof ChangePasswordSchema>;

/** Users found, a page at a time. */
export const USERS_PER_PAGE = 20;

export const QueryUsersSchema = Type.Object({
  q: Type.Optional(Type.String({ maxLength: 100 })),
  // Bounded so the offset stays an integer SQLite can bind (a 1e308 page was a 500).
  page: Type.Integer({ minimum: 1, maximum: 1_000_000, default: 1 }),
  per_page: Type.Integer({ minimum: 1, maximum: 100, default: USERS_PER_PAGE }),
});
export type QueryUsers = Static<typeof QueryUsersSchema>;

/** GET /api/v2/constants/education and /api/v2/constants/occupation */
export const ConstantListSchema = Type.Object({ data: Type.Array(Type.String()) });
export type ConstantList = Static<typeof ConstantListSchema>;

/** POST /api/v2/admin/users/{userId}/temporary-credentials: read once to the user, never shown again. */
export const TemporaryCredentialsSchema = Type.Object({
  user_id: Type.Integer(),
  user_name: Type.String(),
  password: Type.String(),
  expiresAt: Type.String(),
});
export type TemporaryCredentials = Static<typeof TemporaryCredentialsSchema>;

export const ProfileViewsSchema = Type.Object({ ok: Type.Literal(true), profile_views: Type.Integer() });
