import type { ZimHeader } from './header.ts';

/**
 * The two ways files name their entries. Old files (minor version 0) keep
 * articles in A, images in I, styles and scripts in -, and their pages link
 * to each other across namespaces ("../I/foto.png"), so their content paths
 * keep the namespace: "A/Árbol". Current files put all content in C, with
 * content paths as written: "Árbol". Both keep metadata in M.
 */
export type Layout = 'legacy' | 'unified';

export const METADATA_NAMESPACE = 'M';
/** Current files: well-known entries such as W/mainPage. */
export const WELL_KNOWN_NAMESPACE = 'W';
/** Current files: indexes such as X/listing/titleOrdered/v1. */
export const INDEX_NAMESPACE = 'X';

const LEGACY_CONTENT = new Set(['A', 'I', 'J', '-']);

export const layoutOf = (header: ZimHeader): Layout =>
  header.majorVersion === 6 && header.minorVersion >= 1 ? 'unified' : 'legacy';

/** Where readable pages (what a title search lists) live. */
export const articleNamespace = (layout: Layout): string => (layout === 'unified' ? 'C' : 'A');

/** The path callers use for an entry, or undefined when it is not content (metadata, indexes). */
export function contentPathOf(layout: Layout, namespace: string, path: string): string | undefined {
  if (layout === 'unified') return namespace === 'C' ? path : undefined;
  return LEGACY_CONTENT.has(namespace) ? `${namespace}/${path}` : undefined;
}

/** The entry a content path names, or undefined when it cannot name one. */
export function parseContentPath(layout: Layout, contentPath: string): { namespace: string; path: string } | undefined {
  if (layout === 'unified') return { namespace: 'C', path: contentPath };
  const namespace = contentPath.slice(0, 1);
  if (!LEGACY_CONTENT.has(namespace) || contentPath[1] !== '/') return undefined;
  return { namespace, path: contentPath.slice(2) };
}
