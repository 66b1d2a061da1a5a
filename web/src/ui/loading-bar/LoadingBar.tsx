import { useEffect, useRef, useState } from 'react';
import { useNavigation } from 'react-router';
import { es } from '../../i18n/es.ts';
import { LOADING_DURATION_MS, LoadingBarController, type LoadingBarState } from './loading-bar.ts';
import './loading-bar.css';

/** docs/PRODUCT.md#timings top loading bar for every navigation; mounted once in the app shell. */
export function LoadingBar() {
  const busy = useNavigation().state !== 'idle';
  const [state, setState] = useState<LoadingBarState>('hidden');
  const controller = useRef<LoadingBarController | null>(null);

  useEffect(() => {
    const bar = new LoadingBarController(setState);
    controller.current = bar;
    return () => bar.dispose();
  }, []);

  useEffect(() => {
    if (busy) controller.current?.busy();
    else controller.current?.idle();
  }, [busy]);

  if (state === 'hidden') return null;
  return (
    <div
      className={`loading-bar loading-bar--${state}`}
      role="progressbar"
      aria-label={es.portal.loadingBar}
      aria-busy={state === 'running'}
      data-testid="loading-bar"
      style={{ ['--loading-duration' as string]: `${LOADING_DURATION_MS}ms` }}
    />
  );
}
