import { describe, expect, it } from 'vitest';
import { EMPTY_AD, toCreateAd, validateAd, type AdFormValues } from './ad-form.ts';

const good: AdFormValues = { ...EMPTY_AD, title: 'Vendo papa', text: 'Papa amarilla por arroba, de la última cosecha.', contact: 'Rosa, puesto 4' };
const image = (type: string, size: number) => new File([new Uint8Array(size)], 'foto', { type });

describe('validateAd', () => {
  it('accepts a complete notice, with or without a picture', () => {
    expect(validateAd(good)).toEqual({});
    expect(validateAd({ ...good, image: image('image/jpeg', 1000) })).toEqual({});
  });

  it.each([
    ['a title of two letters', { title: 'Va' }, 'title'],
    ['a title of spaces', { title: '       ' }, 'title'],
    ['a title over 80 characters', { title: 't'.repeat(81) }, 'title'],
    ['a text under 10 characters', { text: 'Hola' }, 'text'],
    ['a text over 1000 characters', { text: 'x'.repeat(1001) }, 'text'],
    ['no contact', { contact: ' ' }, 'contact'],
    ['a picture over 3 MB', { image: image('image/png', 3 * 1024 * 1024 + 1) }, 'image'],
    ['a file that is not a picture', { image: image('application/pdf', 1000) }, 'image'],
  ] as const)('refuses %s', (_what, patch, field) => {
    expect(Object.keys(validateAd({ ...good, ...patch }))).toEqual([field]);
  });
});

describe('toCreateAd', () => {
  it('trims what was typed and leaves the picture out', () => {
    expect(toCreateAd({ ...good, title: '  Vendo papa  ', image: image('image/png', 10) })).toEqual({
      title: 'Vendo papa',
      text: good.text,
      contact: good.contact,
      category: 'avisos',
      expiresInDays: 30,
    });
  });
});
