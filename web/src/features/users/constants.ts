import { useEffect, useState } from 'react';
import { getConstants, type ConstantKind } from '../../api/account-reads.ts';

const cache = new Map<ConstantKind, readonly string[]>();

/** The instruction levels or occupations for a form's select; empty until they arrive. */
export function useConstants(kind: ConstantKind): readonly string[] {
  const [items, setItems] = useState<readonly string[]>(cache.get(kind) ?? []);
  useEffect(() => {
    if (cache.has(kind)) return;
    const controller = new AbortController();
    getConstants(kind, controller.signal).then(
      ({ data }) => {
        cache.set(kind, data);
        setItems(data);
      },
      () => undefined,
    );
    return () => controller.abort();
  }, [kind]);
  return items;
}
