import type { ResourceRenditions } from '@kit/contract';
import { useState } from 'react';
import { retryRenditions } from '../../api/moderation.ts';
import { esLibrary } from '../../i18n/es-library.ts';
import { fill } from '../../ui/fill.ts';
import { useSession } from '../../session/session-store.ts';
import './rendition-notice.css';

const t = esLibrary.copies;

export interface RenditionNoticeProps {
  resource: { id: number; renditionJob: ResourceRenditions['renditionJob'] };
  /** the job's new state after an admin's retry */
  onChange: (copies: ResourceRenditions) => void;
  /** in an admin list's row: one line and the button */
  compact?: boolean;
}

/**
 * The job preparing a file's light copies, as its owner and admins follow it
 * (nobody else receives `renditionJob`): waiting, its progress, or why it
 * failed, that the original still plays, and for admins a retry.
 */
export function RenditionNotice({ resource, onChange, compact = false }: RenditionNoticeProps) {
  const session = useSession();
  const [said, setSaid] = useState<string | null>(null);
  const job = resource.renditionJob;
  if (!job) return said ? <p role="status">{said}</p> : null;

  const retry = async () => {
    setSaid(null);
    try {
      const { renditions, renditionsPending, renditionJob } = await retryRenditions(resource.id);
      onChange({ renditions, renditionsPending, renditionJob });
      setSaid(t.retried);
    } catch {
      setSaid(t.retryFailed);
    }
  };

  const className = `rendition-notice rendition-notice--${job.state}${compact ? ' rendition-notice--compact' : ' surface'}`;
  if (job.state === 'failed') {
    return (
      <div className={className} data-testid="rendition-notice">
        <p role="alert">
          {fill(t.failed, { reason: (job.reason ?? '').replace(/\.$/, '') })} {t.keepsOriginal}
        </p>
        {session.isAdmin && (
          <button type="button" className="button button--light rendition-notice__retry" onClick={() => void retry()}>
            {t.retry}
          </button>
        )}
        {said && <p role="status">{said}</p>}
      </div>
    );
  }
  const text = job.state === 'running' ? fill(t.running[job.kind], { percent: job.progress }) : t.pending[job.kind];
  return (
    <div className={className} data-testid="rendition-notice">
      <p role="status">{text}</p>
      {job.state === 'running' && !compact && <progress max={100} value={job.progress} aria-label={t.progress} />}
    </div>
  );
}
