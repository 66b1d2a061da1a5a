import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/client.ts';
import { accountErrorMessage } from './error-messages.ts';

const refusal = (code: string) => new ApiError({ httpCode: 403, type: 'unauthorized', code, message: 'texto del servidor', data: { reason: 'unauthorized' } });

describe('accountErrorMessage at the admin login', () => {
  it('tells a denied admin that this kit bars the account from its admin area', () => {
    const text = accountErrorMessage(refusal('ADMIN_DENIED'), 'otro');
    expect(text).toBe('Esta cuenta de administrador no tiene permiso para entrar al área de administración de este kit.');
    expect(text).not.toMatch(/no es de administrador/);
  });

  it('tells a user who is no admin exactly that', () => {
    expect(accountErrorMessage(refusal('NOT_ADMIN'), 'otro')).toBe('No autorizado: esta cuenta no es de administrador');
  });
});
