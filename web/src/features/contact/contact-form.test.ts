import { describe, expect, it } from 'vitest';
import { isReplyAddress, validateContact } from './contact-form.ts';

const good = { name: 'Julia', replyTo: 'julia@correo.pe', message: 'No puedo descargar el video.' };

describe('validateContact', () => {
  it('accepts a name, somewhere to answer and a message', () => {
    expect(validateContact(good)).toEqual({});
  });

  it.each([
    ['no name', { name: '  ' }, 'name'],
    ['a name over 80 characters', { name: 'n'.repeat(81) }, 'name'],
    ['nowhere to answer', { replyTo: 'mañana' }, 'replyTo'],
    ['a message under 10 characters', { message: 'Hola' }, 'message'],
    ['a message over 2000 characters', { message: 'm'.repeat(2001) }, 'message'],
  ])('refuses %s', (_what, patch, field) => {
    expect(Object.keys(validateContact({ ...good, ...patch }))).toEqual([field]);
  });
});

describe('isReplyAddress', () => {
  it.each([
    ['julia@correo.pe', true],
    ['+51 987 654 321', true],
    ['987.654.321', true],
    ['12345', false],
    ['julia@', false],
    ['', false],
  ])('%s → %s', (value, ok) => {
    expect(isReplyAddress(value)).toBe(ok);
  });
});
