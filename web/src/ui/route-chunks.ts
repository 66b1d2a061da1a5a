import { matchPath } from 'react-router';

/*
 * Which lazy chunk draws which address, for link prefetching (ui/prefetch.ts).
 * The app registers its route chunks here by path pattern (app/routes/); a
 * link asks by the address it points to, so features never import route code.
 */
export type ChunkLoader = () => Promise<unknown>;

const chunks: [pattern: string, load: ChunkLoader][] = [];

/** Registers the chunk that draws the addresses matching `pattern` (a route path such as `/resource/:id`). */
export function registerRouteChunk(pattern: string, load: ChunkLoader): void {
  chunks.push([pattern, load]);
}

/** The chunk that draws `path`, if the app registered one. */
export function routeChunkFor(path: string): ChunkLoader | undefined {
  return chunks.find(([pattern]) => matchPath(pattern, path))?.[1];
}
