import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { esLibrary } from '../../i18n/es-library.ts';
import { useClickLock } from './click-lock.ts';
import { Icon } from '../../ui/Icon.tsx';
import { usePrefetch } from '../../ui/prefetch.ts';

/** docs/PRODUCT.md#library-header "Al Azar": opens a random resource; locked for 1.5 s after a click while the dice spins. */
export function RandomButton({ className }: { className: string }) {
  const navigate = useNavigate();
  const roll = useCallback(() => void navigate('/resource/random'), [navigate]);
  const { locked, run } = useClickLock(roll);
  const prefetch = usePrefetch('/resource/random');
  return (
    <button type="button" className={className} onClick={run} data-locked={locked} data-testid="random-button" {...prefetch}>
      <Icon name="dice" className={locked ? 'dice dice--spinning' : 'dice'} />
      <span>{esLibrary.header.random}</span>
    </button>
  );
}
