import type {
  ChangePassword,
  CreateUser,
  LoginBody,
  LoginResponse,
  PersonalDetails,
  UpdateUser,
  User,
  UserImage,
} from '@kit/contract';
import { api } from './api.ts';

/*
 * Accounts calls of docs/API-accounts.md "Endpoints" (the session calls are in session.ts,
 * the reads route loaders make in account-reads.ts). Every one goes through `api`, so it carries the bearer token
 * (when the session has one), the HttpOnly cookie and the X-Requested-With header.
 */

/** POST /api/auth: ordinary login, or admin-mode login with `admin: true` (docs/PRODUCT.md#login). */
export function login(body: LoginBody): Promise<LoginResponse> {
  return api.request<LoginResponse>('/auth', { method: 'POST', body });
}

/** POST /api/v3/authTemporary: the one-time password an admin issued. */
export function loginTemporary(body: LoginBody): Promise<LoginResponse> {
  return api.request<LoginResponse>('/v3/authTemporary', { method: 'POST', body });
}

/** POST /api/user/create: registration; the answer logs the new user in, like /auth. */
export function createUser(body: CreateUser): Promise<LoginResponse> {
  return api.request<LoginResponse>('/user/create', { method: 'POST', body });
}

/** The profile's address (the offline outbox sends the same PUT later). */
export const profilePath = (userId: number): string => `/v2/users/${userId}/profile`;

/** PUT /api/v2/users/{userId}/profile */
export function updateProfile(userId: number, changes: Omit<UpdateUser, 'id'>): Promise<User> {
  return api.request<User>(profilePath(userId), { method: 'PUT', body: changes });
}

/** POST /api/v3/personalDetails: the onboarding "Completa tu perfil" form. */
export function savePersonalDetails(body: PersonalDetails): Promise<User> {
  return api.request<User>('/v3/personalDetails', { method: 'POST', body });
}

/** POST /api/v2/users/{userId}/profile/image, multipart field `file`. */
export function uploadProfileImage(userId: number, file: Blob, fileName: string): Promise<UserImage> {
  const form = new FormData();
  form.append('file', file, fileName);
  return api.request<UserImage>(`/v2/users/${userId}/profile/image`, { method: 'POST', body: form });
}

/**
 * PUT /api/v3/users/password: answers a fresh token (every other session of the user ends).
 * `currentPassword` only when the kit asked for it (403 CURRENT_PASSWORD_REQUIRED).
 */
export function changePassword(password: string, currentPassword?: string): Promise<LoginResponse> {
  const body: ChangePassword = currentPassword === undefined ? { password } : { password, currentPassword };
  return api.request<LoginResponse>('/v3/users/password', { method: 'PUT', body });
}

/** POST /api/v2/tracking/user/{id}/views: counts a profile view. */
export function trackProfileView(id: number): Promise<unknown> {
  return api.request(`/v2/tracking/user/${id}/views`, { method: 'POST' });
}
