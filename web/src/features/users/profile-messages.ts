import { esAccounts } from '../../i18n/es-accounts.ts';
import { errorCode } from './error-messages.ts';

type ImageErrorCode = keyof typeof esAccounts.profile.imageErrors;

/** docs/PRODUCT.md#profile-form: a failed profile edit, told by its code; 'No se pudo actualizar la información de perfil' otherwise. */
export function profileErrorMessage(error: unknown): string {
  const code = errorCode(error);
  if (code === 'V2_USER_001' || code === 'V2_USER_002') return esAccounts.accountErrors[code];
  return esAccounts.profile.updateFailed;
}

/** docs/PRODUCT.md#notification-messages: 'No se pudo guardar la imagen de perfil', with the reason when the code gives one. */
export function profileImageErrorMessage(error: unknown): string {
  const code = errorCode(error);
  if (code !== null && Object.prototype.hasOwnProperty.call(esAccounts.profile.imageErrors, code)) {
    return esAccounts.profile.imageErrors[code as ImageErrorCode];
  }
  return esAccounts.profile.imageFailed;
}
