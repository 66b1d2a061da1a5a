import 'fake-indexeddb/auto';
import type { User } from '@kit/contract';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { resetNotifications } from '../../ui/notifications/notifications-store.ts';
import { logIn } from '../../session/session-actions.ts';
import { resetSessionForTests } from '../../session/session-store.ts';
import { UserMenu } from '../../session/UserMenu.tsx';
import { ProfileView } from './ProfileView.tsx';

const ana = {
  id: 7,
  user_name: 'ana',
  name: 'Ana',
  last_name: 'Quispe',
  is_admin: false,
  isAdmin: false,
  roleId: 2,
  gender: 0,
  instruction_degree: null,
  occupation: null,
  others: null,
  FullImageUrl: null,
  blocked: false,
  profile_views: 0,
  created_at: '2026-01-05T10:00:00.000Z',
  born_date: '1990-05-20',
  details: { image: null },
} as User;

const picture = { FullImageUrl: '/images/users/7/abc.webp', sha256: 'abc', mime: 'image/webp', width: 96, height: 96, size: 1200 };

describe('ProfileView (one’s own profile)', () => {
  afterEach(() => {
    resetSessionForTests();
    resetNotifications();
  });

  it('a new picture shows at once in the profile and in the header’s account button', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn<typeof fetch>(async (input, init) => {
        const url = String(input);
        if (url === '/api/auth') return Response.json({ token: 't', user: { id: 7, user_name: 'ana', is_admin: false, roleId: 2 }, mustChangePassword: false });
        if (url === '/api/v2/users/7/profile/image' && init?.method === 'POST') return Response.json(picture);
        return Response.json({ error: { httpCode: 404, type: 'x', code: 'NOT_FOUND', message: 'no', data: null } }, { status: 404 });
      }),
    );
    await logIn({ user_name: 'ana', password: 'secreto' });
    const router = createMemoryRouter(
      [
        {
          path: '/user/:id',
          element: (
            <>
              <UserMenu />
              <ProfileView initialUser={ana} />
            </>
          ),
        },
      ],
      { initialEntries: ['/user/7'] },
    );
    const { container } = render(<RouterProvider router={router} />);
    const button = await screen.findByRole('button', { name: 'Menú de la cuenta: ana' });
    expect(button.querySelector('img')).toBeNull();

    const input = container.querySelector<HTMLInputElement>('.profile-image-upload input[type="file"]');
    if (!input) throw new Error('no picture field');
    fireEvent.change(input, { target: { files: [new File(['x'], 'yo.jpg', { type: 'image/jpeg' })] } });

    await screen.findByRole('img', { name: 'Foto de perfil de Ana' });
    expect(screen.getByRole('img', { name: 'Foto de perfil de Ana' }).getAttribute('src')).toBe(picture.FullImageUrl);
    await waitFor(() => expect(button.querySelector('img')?.getAttribute('src')).toBe(picture.FullImageUrl));
  });
});
