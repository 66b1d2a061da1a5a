import type { AdPage, QueryAdminAds } from '@kit/contract';
import { AD_CATEGORIES, type AdCategory } from '@kit/contract/portal-data';
import type { LoaderFunctionArgs } from 'react-router';
import { getAds, getAdsForModeration, getMyAds } from './ads-api.ts';
import { parsePage } from '../library/list-params.ts';
import { getSession } from '../../session/session-store.ts';

export interface AdsFilters {
  q: string;
  category: AdCategory | null;
  page: number;
}

export function readAdsFilters(params: URLSearchParams): AdsFilters {
  const category = params.get('categoria');
  return {
    q: (params.get('q') ?? '').trim(),
    category: AD_CATEGORIES.find((c) => c === category) ?? null,
    page: parsePage(params.get('page')),
  };
}

/** `?q=…&categoria=…&page=…`, leaving out the defaults. */
export function adsQueryString(filters: Partial<AdsFilters>): string {
  const params = new URLSearchParams();
  if (filters.q) params.set('q', filters.q);
  if (filters.category) params.set('categoria', filters.category);
  if (filters.page && filters.page > 1) params.set('page', String(filters.page));
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}

export interface AdsData {
  filters: AdsFilters;
  board: AdPage;
  /** the logged-in user's own notices (every state), null for visitors */
  mine: AdPage | null;
}

/** /anuncios: the board, and for a logged-in user their own notices. */
export async function adsLoader({ request }: LoaderFunctionArgs): Promise<AdsData> {
  const filters = readAdsFilters(new URL(request.url).searchParams);
  const [board, mine] = await Promise.all([
    getAds({ q: filters.q || undefined, category: filters.category ?? undefined, page: filters.page }, request.signal),
    getSession().loggedIn ? getMyAds(1, request.signal).catch(() => null) : Promise.resolve(null),
  ]);
  return { filters, board, mine };
}

export type ModerationTab = NonNullable<QueryAdminAds['status']>;
export const MODERATION_TABS: readonly ModerationTab[] = ['pending', 'published', 'rejected', 'blocked', 'expired'];

export interface ModerationData {
  tab: ModerationTab;
  page: AdPage;
}

/** /admin/anuncios?estado=…&page=… : one moderation list. */
export async function adsModerationLoader({ request }: LoaderFunctionArgs): Promise<ModerationData> {
  const params = new URL(request.url).searchParams;
  const tab = MODERATION_TABS.find((t) => t === params.get('estado')) ?? 'pending';
  return { tab, page: await getAdsForModeration({ status: tab, page: parsePage(params.get('page')) }, request.signal) };
}
