import type { AdminMenu, AdminSettings, AdminTile, BannerList, BannerSlot, Banner, CreateTile, ServicesModeName, UpdateSettings, UpdateTile } from '@kit/contract';
import { api } from './api.ts';

/* The menu editor (admins): each services mode's tiles, the banners, the settings it changes. */

export function getAdminMenu(mode: ServicesModeName, signal?: AbortSignal): Promise<AdminMenu> {
  return api.get<AdminMenu>(`/v2/admin/menu/${mode}`, undefined, signal);
}

export function addTile(mode: ServicesModeName, body: CreateTile): Promise<AdminTile> {
  return api.request<AdminTile>(`/v2/admin/menu/${mode}/tiles`, { method: 'POST', body });
}

export function editTile(mode: ServicesModeName, key: string, body: UpdateTile): Promise<AdminTile> {
  return api.request<AdminTile>(`/v2/admin/menu/${mode}/tiles/${encodeURIComponent(key)}`, { method: 'PATCH', body });
}

/** Deletes an added tile, or resets a catalogue tool. */
export function removeTile(mode: ServicesModeName, key: string): Promise<unknown> {
  return api.request(`/v2/admin/menu/${mode}/tiles/${encodeURIComponent(key)}`, { method: 'DELETE' });
}

export function orderTiles(mode: ServicesModeName, keys: readonly string[]): Promise<AdminMenu> {
  return api.request<AdminMenu>(`/v2/admin/menu/${mode}/order`, { method: 'PUT', body: { keys } });
}

export function getBanners(signal?: AbortSignal): Promise<BannerList> {
  return api.get<BannerList>('/v2/admin/banners', undefined, signal);
}

export function uploadBanner(slot: BannerSlot, file: Blob, fileName: string): Promise<Banner> {
  const form = new FormData();
  form.append('file', file, fileName);
  return api.request<Banner>(`/v2/admin/banners/${slot}`, { method: 'POST', body: form });
}

export function removeBanner(id: number): Promise<unknown> {
  return api.request(`/v2/admin/banners/${id}`, { method: 'DELETE' });
}

/** PUT /api/v2/admin/settings */
export function updateSettings(body: UpdateSettings): Promise<AdminSettings> {
  return api.request<AdminSettings>('/v2/admin/settings', { method: 'PUT', body });
}
