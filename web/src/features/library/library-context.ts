import type { ClientConfig, FastAccessServices } from '@kit/contract';
import { data } from 'react-router';
import { getClientConfig, getFastAccessServices } from '../../api/portal.ts';

/** docs/PRODUCT.md#settings: the library's address is /{product}, 'biblioteca' unless the admin set another. */
export const DEFAULT_PRODUCT_SLUG = 'biblioteca';
const SLUG_KEY = 'kp_product_slug';
/** Config is read again after this long (an admin may change it while phones stay on the page). */
const CONTEXT_TTL_MS = 5 * 60 * 1000;

/** What every library page needs from the kit. config and services are null when the kit could not be reached. */
export interface LibraryContext {
  config: ClientConfig | null;
  services: FastAccessServices | null;
  productSlug: string;
  productName: string;
}

let cached: { at: number; promise: Promise<LibraryContext> } | null = null;

function rememberedSlug(): string {
  try {
    return localStorage.getItem(SLUG_KEY) || DEFAULT_PRODUCT_SLUG;
  } catch {
    return DEFAULT_PRODUCT_SLUG;
  }
}

function rememberSlug(slug: string): void {
  try {
    localStorage.setItem(SLUG_KEY, slug);
  } catch {
    // storage blocked: the default is used when offline
  }
}

async function fetchContext(): Promise<LibraryContext> {
  const [config, services] = await Promise.allSettled([getClientConfig(), getFastAccessServices()]);
  if (config.status === 'fulfilled') {
    const slug = config.value.productSlug || DEFAULT_PRODUCT_SLUG;
    rememberSlug(slug);
    return {
      config: config.value,
      services: services.status === 'fulfilled' ? services.value : null,
      productSlug: slug,
      productName: config.value.productName || '',
    };
  }
  // Offline or the kit is down: keep the shell usable with the last known slug.
  return { config: null, services: null, productSlug: rememberedSlug(), productName: '' };
}

/** The config and services of the kit, fetched once and shared by the library's loaders. Never rejects. */
export function loadLibraryContext(now = Date.now()): Promise<LibraryContext> {
  if (!cached || now - cached.at > CONTEXT_TTL_MS) {
    const entry = { at: now, promise: fetchContext() };
    cached = entry;
    // A failed read is not kept: the next navigation asks the kit again.
    void entry.promise.then((context) => {
      if (context.config === null && cached === entry) cached = null;
    });
  }
  return cached.promise;
}

/** Forgets the cached context (tests; after an admin changes the config). */
export function resetLibraryContext(): void {
  cached = null;
}

/** Loader of the library layout. */
export function libraryLayoutLoader(): Promise<LibraryContext> {
  return loadLibraryContext();
}

/** 404 unless `product` is this kit's library slug (so /{anything} is not a library). */
export async function requireProduct(product: string | undefined): Promise<LibraryContext> {
  const context = await loadLibraryContext();
  if (product !== context.productSlug) throw notFound();
  return context;
}

/** The 404 a loader throws; the library's error boundary shows the 404 page for it. */
export function notFound() {
  return data(null, { status: 404 });
}
