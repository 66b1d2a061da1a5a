import { esAccounts } from '../../i18n/es-accounts.ts';
import type { FieldErrors } from '../../ui/forms/use-form.ts';

/*
 * Form rules of docs/PRODUCT.md#password-rules and the field bounds the server documents
 * (server/contract/src/users.ts). Pure: the forms show what these answer.
 */

/** docs/PRODUCT.md#password-rules: password minimum 6 characters (the contract's PASSWORD_MIN; a test checks they agree). */
export const PASSWORD_MIN = 6;
export const PASSWORD_MAX = 128;
/** The contract's USER_NAME_PATTERN. */
export const USER_NAME_PATTERN = /^[a-zA-Z0-9._-]{3,30}$/;
export const NAME_MAX = 60;
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;


// ---- "Cambio de contraseña" (docs/PRODUCT.md#password-rules) ----
export interface PasswordChangeValues {
  password: string;
  confirm: string;
  /** the current password: asked only when the kit wants proof (a login long ago) */
  current?: string;
}

export type PasswordChangeField = 'password' | 'confirm' | 'current';

export function validatePasswordChange({ password, confirm }: PasswordChangeValues): FieldErrors<PasswordChangeField> {
  const errors: FieldErrors<PasswordChangeField> = {};
  if (password === '') errors.password = esAccounts.password.required;
  else if (password.length < PASSWORD_MIN) errors.password = esAccounts.password.minLength;
  if (confirm === '') errors.confirm = esAccounts.password.required;
  else if (confirm !== password) errors.confirm = esAccounts.password.mismatch;
  return errors;
}

/** The same, once the kit asked for the current password. */
export function validatePasswordChangeWithCurrent(values: PasswordChangeValues): FieldErrors<PasswordChangeField> {
  const errors = validatePasswordChange(values);
  if (!values.current) errors.current = esAccounts.password.required;
  return errors;
}

/** docs/PRODUCT.md#password-rules: "Save disabled until the form is touched and no field is empty." */
export function canSavePassword(touched: boolean, { password, confirm, current }: PasswordChangeValues, askCurrent = false): boolean {
  return touched && password !== '' && confirm !== '' && (!askCurrent || Boolean(current));
}

// ---- registration ----
export interface RegistrationValues {
  user_name: string;
  name: string;
  last_name: string;
  email: string;
  password: string;
  confirm: string;
}

export type RegistrationField = keyof RegistrationValues;

export function validateRegistration(values: RegistrationValues): FieldErrors<RegistrationField> {
  const errors: FieldErrors<RegistrationField> = {};
  if (!USER_NAME_PATTERN.test(values.user_name.trim())) errors.user_name = esAccounts.register.userNameInvalid;
  if (values.name.trim() === '') errors.name = esAccounts.register.nameRequired;
  if (values.last_name.trim() === '') errors.last_name = esAccounts.register.lastNameRequired;
  const email = values.email.trim();
  if (email !== '' && !EMAIL_PATTERN.test(email)) errors.email = esAccounts.register.emailInvalid;
  const password = validatePasswordChange({ password: values.password, confirm: values.confirm });
  if (password.password) errors.password = password.password;
  if (password.confirm) errors.confirm = password.confirm;
  return errors;
}
