import { request as playwrightRequest, type APIRequestContext } from '@playwright/test';
import { KitApi } from './kit-api.ts';

/*
 * Contributions (docs/API-contributions.md) as the browser tests need them: what a user's
 * drafts hold, and the admin's moderation. Each caller gets a request
 * context of its own, never the browser's.
 */

export interface ManagedItem {
  id: number;
  title: string;
  status: string;
  mediaUrl: string | null;
  coverUrl: string | null;
}

async function ok<T>(response: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  if (!response.ok()) throw new Error(`${response.url()} answered ${response.status()}: ${await response.text()}`);
  return (await response.json()) as T;
}

function open(token: string): Promise<APIRequestContext> {
  return playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL, extraHTTPHeaders: { Authorization: `Bearer ${token}` } });
}

/** The user's resource with this title, as GET /api/v2/resources/mine answers it. */
export async function findMine(token: string, title: string): Promise<ManagedItem> {
  const http = await open(token);
  try {
    const page = await ok<{ data: ManagedItem[] }>(await http.get('/api/v2/resources/mine', { params: { per_page: 60 } }));
    const found = page.data.find((item) => item.title === title);
    if (!found) throw new Error(`no resource titled ${title} among the user's`);
    return found;
  } finally {
    await http.dispose();
  }
}

/** Whether submitting sends to approval now (resourceModeration). */
export async function moderationOn(): Promise<boolean> {
  const http = await playwrightRequest.newContext({ baseURL: process.env.E2E_BASE_URL });
  try {
    return (await ok<{ moderation: boolean }>(await http.get('/api/v2/uploads/config'))).moderation;
  } finally {
    await http.dispose();
  }
}

/** The kit's admin approves a pending resource (POST /api/v2/admin/resources/{id}/approve). */
export async function approveAsAdmin(resourceId: number): Promise<ManagedItem> {
  const kit = await KitApi.open();
  const token = await kit.adminToken();
  await kit.close();
  const http = await open(token);
  try {
    return await ok<ManagedItem>(await http.post(`/api/v2/admin/resources/${resourceId}/approve`));
  } finally {
    await http.dispose();
  }
}
