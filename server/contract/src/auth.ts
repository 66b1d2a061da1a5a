import { Type, type Static } from 'typebox';

/** Usernames: what a phone keyboard types easily and a URL carries safely. */
export const USER_NAME_PATTERN = '^[a-zA-Z0-9._-]{3,30}$';
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;

export const SessionUserSchema = Type.Object({
  id: Type.Integer(),
  user_name: Type.String(),
  is_admin: Type.Boolean(),
  roleId: Type.Integer(),
  /** the user's profile picture (like the profile's FullImageUrl), null when there is none; added later, so older clients ignore it */
  FullImageUrl: Type.Union([Type.String(), Type.Null()]),
});
export type SessionUser = Static<typeof SessionUserSchema>;

export const LoginBodySchema = Type.Object({
  user_name: Type.String({ minLength: 1, maxLength: 60 }),
  password: Type.String({ minLength: 1, maxLength: PASSWORD_MAX }),
  /** admin-mode login (/admin/login): a non-admin is refused */
  admin: Type.Optional(Type.Boolean()),
});
export type LoginBody = Static<typeof LoginBodySchema>;

export const LoginResponseSchema = Type.Object({
  token: Type.String(),
  user: SessionUserSchema,
  mustChangePassword: Type.Boolean(),
});
export type LoginResponse = Static<typeof LoginResponseSchema>;

export const OkSchema = Type.Object({ ok: Type.Literal(true) });

export const SessionResponseSchema = Type.Object({
  user: Type.Union([SessionUserSchema, Type.Null()]),
  mustChangePassword: Type.Boolean(),
});
export type SessionResponse = Static<typeof SessionResponseSchema>;
