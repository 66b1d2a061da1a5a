import type { ResourceDetail, ResourceRenditions } from '@kit/contract';
import { useEffect, useState } from 'react';
import { getRenditions } from '../../api/library.ts';

/** How often a page asks while the kit prepares its light copies (a cheap read that counts no view). */
const RENDITIONS_POLL_MS = 4000;

/**
 * The resource with its latest light copies: while the kit still prepares
 * them, the page asks again every few seconds, so the player switches to the
 * light copy and its owner sees the progress without reloading. The second
 * value takes a newer answer (an admin's retry).
 */
export function useRenditions(resource: ResourceDetail): [ResourceDetail, (copies: ResourceRenditions) => void] {
  const [latest, setLatest] = useState<{ id: number; copies: ResourceRenditions } | null>(null);
  const shown = latest?.id === resource.id ? { ...resource, ...latest.copies } : resource;
  const pending = shown.renditionsPending;
  useEffect(() => {
    if (!pending) return undefined;
    const ctrl = new AbortController();
    const timer = setInterval(() => {
      getRenditions(resource.id, ctrl.signal).then(
        (copies) => setLatest({ id: resource.id, copies }),
        // Offline or a passing failure: the next round asks again.
        () => undefined,
      );
    }, RENDITIONS_POLL_MS);
    return () => {
      clearInterval(timer);
      ctrl.abort();
    };
  }, [resource.id, pending]);
  return [shown, (copies) => setLatest({ id: resource.id, copies })];
}
