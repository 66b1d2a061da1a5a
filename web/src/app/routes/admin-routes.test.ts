import { matchRoutes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ADMIN_PATHS } from '../../features/admin/admin-pages.ts';
import { drawnPaths } from '../chunks/admin-pages.ts';
import { adminRoutes } from './admin-routes.ts';

const leafOf = (pathname: string) => matchRoutes(adminRoutes(), pathname)?.at(-1)?.route;

describe('the admin panel’s pages', () => {
  it('draw every line of the side menu once, and no page the menu lacks', () => {
    // /admin/resources/upload is the upload pages' own route
    expect([...drawnPaths(), 'resources/upload'].sort()).toEqual([...ADMIN_PATHS].sort());
  });

  it('are all reached through the one route of the panel’s chunk, the summary at /admin itself', () => {
    const panel = leafOf('/admin/users');
    expect(panel?.path).toBe('*');
    expect(leafOf('/admin')?.index).toBe(true);
    expect(leafOf('/admin/mensajes/')?.path).toBe('*');
    expect(leafOf('/admin/resources/upload')?.path).toBe('resources/upload');
  });
});
