import type { ResourceDetail } from '@kit/contract';
import { getResource } from '../../api/resource-read.ts';

/*
 * The resource page's answer, asked for the moment the app starts when it
 * opens on /resource/{id}: otherwise it waits for the route guard's session
 * and config, then for the loader's chunk, which on a slow phone held the
 * page's largest paint back by a second (docs/PERFORMANCE.md "The resource
 * page and /menu on a phone"). Asking before the guard lets nobody read what
 * they may not: the kit answers for the caller, and refuses anonymous reads
 * itself in restricted mode.
 */
const RESOURCE_PAGE = /^\/resource\/([1-9]\d{0,15})\/?$/;

let first: { id: number; read: Promise<ResourceDetail> } | null = null;

export function startFirstRead(pathname: string): void {
  const match = RESOURCE_PAGE.exec(pathname);
  if (!match) return;
  const read = getResource(Number(match[1]));
  // The loader takes it, failure included (a lost network falls back to the phone's copy there).
  read.catch(() => undefined);
  first = { id: Number(match[1]), read };
  // The loader's chunk too, so the cover or picture is asked for as soon as the answer names it.
  void import('./resource-early.ts').then((early) => early.preloadLeadPicture(read), () => undefined);
}

/** The read started for resource `id` when the app opened on its page; once, the first navigation only. */
export function takeFirstRead(id: number): Promise<ResourceDetail> | undefined {
  const taken = first?.id === id ? first.read : undefined;
  first = null;
  return taken;
}

/**
 * Drops a read nobody took once the first navigation is over (the guard sent
 * the visit elsewhere): a later visit to that page, after a login say, asks again.
 */
export function forgetFirstRead(): void {
  first = null;
}
