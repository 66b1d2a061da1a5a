import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { helpKindOf } from '../../ui/help-links.ts';

const HelpModal = lazy(async () => ({ default: (await import('./HelpModal.tsx')).HelpModal }));

/** Mounted once in the app shell: the help modal the address asks for; its code loads only then. */
export function HelpOverlays() {
  const kind = helpKindOf(useLocation().hash);
  if (kind === null) return null;
  return (
    <Suspense fallback={null}>
      <HelpModal kind={kind} />
    </Suspense>
  );
}
