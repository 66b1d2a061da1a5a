import { describe, expect, it } from 'vitest';
import { avatarColour, chooseAvatar, initialOf } from './avatar.ts';

describe('profile image display', () => {
  const user = { user_name: 'ana', name: 'Ángela', FullImageUrl: '/api/v2/users/7/image?v=abc', blocked: false };

  it('shows the full image URL', () => {
    expect(chooseAvatar(user, false)).toEqual({ kind: 'image', src: '/api/v2/users/7/image?v=abc' });
  });

  it.each([
    ['the image failed', user, true],
    ['there is no image', { ...user, FullImageUrl: null }, false],
    ['the user is blocked', { ...user, blocked: true }, false],
  ])('falls back to the initial letter when %s', (_case, who, failed) => {
    expect(chooseAvatar(who, failed)).toEqual({ kind: 'initial', letter: 'Á' });
  });

  it('falls back to the default image when there is no letter to show', () => {
    expect(chooseAvatar({ user_name: '._-', name: '  ', FullImageUrl: null }, false)).toEqual({ kind: 'default', src: '/images/default-user.svg' });
  });

  it('takes the initial from the name, else the user name', () => {
    expect(initialOf({ user_name: 'quispe', name: 'ñusta' })).toBe('Ñ');
    expect(initialOf({ user_name: '_pedro', name: '' })).toBe('P');
  });

  it('gives each user name a steady colour', () => {
    expect(avatarColour('ana')).toBe(avatarColour('ana'));
    expect(avatarColour('ana')).toMatch(/^#[0-9a-f]{6}$/);
  });
});
