import { esSync } from '../../i18n/es-sync.ts';
import { formatFileSize } from '../../ui/format.ts';

const t = esSync.progress;

export interface ProgressState {
  title: string;
  done: number;
  total: number | null;
  etaSeconds: number | null;
}

/** A progress bar with bytes done of the total and the time left at the speed so far. */
export function SyncProgress({ state, testId }: { state: ProgressState; testId: string }) {
  const percent = state.total ? Math.min(100, Math.round((state.done / state.total) * 100)) : null;
  return (
    <div className="sync-progress" data-testid={testId}>
      <span>{state.title}</span>
      <progress aria-label={t.label} max={100} value={percent ?? undefined} aria-valuenow={percent ?? undefined} />
      <span className="sync-progress__text">
        {state.total ? t.bytes(formatFileSize(state.done), formatFileSize(state.total)) : formatFileSize(state.done)}
        {state.etaSeconds !== null && percent !== 100 ? ` · ${t.eta(state.etaSeconds)}` : ''}
      </span>
    </div>
  );
}

/** Time left from what was sent so far, for uploads the browser measures itself. */
export function estimateEta(startedAt: number, done: number, total: number): number | null {
  const elapsed = (Date.now() - startedAt) / 1000;
  return done > 0 && elapsed > 0.5 ? Math.round((elapsed / done) * (total - done)) : null;
}
