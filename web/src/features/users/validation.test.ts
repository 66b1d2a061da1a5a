import { PASSWORD_MAX as CONTRACT_PASSWORD_MAX, PASSWORD_MIN as CONTRACT_PASSWORD_MIN, USER_NAME_PATTERN as CONTRACT_USER_NAME_PATTERN, EMAIL_PATTERN as CONTRACT_EMAIL_PATTERN } from '@kit/contract';
import { describe, expect, it } from 'vitest';
import { canSavePassword, EMAIL_PATTERN, PASSWORD_MAX, PASSWORD_MIN, USER_NAME_PATTERN, validatePasswordChange, validatePasswordChangeWithCurrent, validateRegistration } from './validation.ts';
import { hasErrors } from '../../ui/forms/use-form.ts';

describe('password form', () => {
  it.each([
    ['', '', '*Debe ingresar una contraseña', '*Debe ingresar una contraseña'],
    ['12345', '12345', 'Usa como mínimo 6 caracteres', undefined],
    ['123456', '', undefined, '*Debe ingresar una contraseña'],
    ['123456', '123457', undefined, 'Las contraseñas deben coincidir'],
    ['123456', '123456', undefined, undefined],
    ['contraseña larga', 'contraseña larga', undefined, undefined],
  ])('password %j, repeated %j', (password, confirm, passwordError, confirmError) => {
    const errors = validatePasswordChange({ password, confirm });
    expect(errors.password).toBe(passwordError);
    expect(errors.confirm).toBe(confirmError);
  });

  it.each([
    [false, '123456', '123456', false],
    [true, '', '123456', false],
    [true, '123456', '', false],
    [true, '1', '2', true],
    [true, '123456', '123456', true],
  ])('save enabled when touched=%s, %j / %j: %s', (touched, password, confirm, enabled) => {
    expect(canSavePassword(touched, { password, confirm })).toBe(enabled);
  });

  it('needs the current password too once the kit asked for it', () => {
    expect(validatePasswordChangeWithCurrent({ password: '123456', confirm: '123456', current: '' }).current).toBe('*Debe ingresar una contraseña');
    expect(validatePasswordChangeWithCurrent({ password: '123456', confirm: '123456', current: 'x' })).toEqual({});
    expect(canSavePassword(true, { password: '123456', confirm: '123456', current: '' }, true)).toBe(false);
    expect(canSavePassword(true, { password: '123456', confirm: '123456', current: 'x' }, true)).toBe(true);
  });
});

describe('registration form', () => {
  const valid = { user_name: 'ana.quispe', name: 'Ana', last_name: 'Quispe', email: '', password: 'secreto', confirm: 'secreto' };

  it('accepts a complete form without e-mail (many villagers have none)', () => {
    expect(hasErrors(validateRegistration(valid))).toBe(false);
  });

  it.each([
    ['user_name', { user_name: 'an' }, 'Usa entre 3 y 30 letras sin tildes, números, puntos o guiones'],
    ['user_name', { user_name: 'año' }, 'Usa entre 3 y 30 letras sin tildes, números, puntos o guiones'],
    ['user_name', { user_name: 'ana quispe' }, 'Usa entre 3 y 30 letras sin tildes, números, puntos o guiones'],
    ['name', { name: '   ' }, 'Ingresa tus nombres'],
    ['last_name', { last_name: '' }, 'Ingresa tus apellidos'],
    ['email', { email: 'ana@' }, 'Ingresa un correo válido, por ejemplo nombre@correo.com'],
    ['password', { password: '123', confirm: '123' }, 'Usa como mínimo 6 caracteres'],
    ['confirm', { confirm: 'otro1234' }, 'Las contraseñas deben coincidir'],
  ] as const)('%s: %j → %s', (field, change, message) => {
    expect(validateRegistration({ ...valid, ...change })[field]).toBe(message);
  });
});

describe('bounds agree with the server contract', () => {
  it('password length, user name and e-mail patterns', () => {
    expect(PASSWORD_MIN).toBe(CONTRACT_PASSWORD_MIN);
    expect(PASSWORD_MAX).toBe(CONTRACT_PASSWORD_MAX);
    expect(USER_NAME_PATTERN.source).toBe(CONTRACT_USER_NAME_PATTERN);
    expect(EMAIL_PATTERN.source).toBe(CONTRACT_EMAIL_PATTERN);
  });
});
