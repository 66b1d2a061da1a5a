import type { APIRequestContext } from '@playwright/test';

export interface DemoResource {
  id: number;
  title: string;
  type: number;
  mime: string | null;
  mediaUrl: string | null;
  coverUrl: string | null;
}

/** A published demo resource, found by title through the API rather than by a fixed id. */
export async function demoResourceTitled(request: APIRequestContext, title: string): Promise<DemoResource> {
  const body = (await (await request.get('/api/content/all?per_page=60')).json()) as { data: DemoResource[] };
  const found = body.data.find((r) => r.title === title);
  if (!found) throw new Error(`the demo library lacks «${title}»`);
  return found;
}
