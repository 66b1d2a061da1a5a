import type { ResourceDetail } from '@kit/contract';
import { useState } from 'react';
import { esSocial } from '../../i18n/es-social.ts';
import { useSession } from '../../session/session-store.ts';
import { AddToListDialog } from '../lists/AddToListDialog.tsx';
import { FavoriteButton } from '../favorites/FavoriteButton.tsx';
import { OutboxNotices } from '../social/OutboxNotices.tsx';
import { ReportDialog } from '../reports/ReportDialog.tsx';
import './social-actions.css';

/** The signed-in user's actions on a resource page: favourite, add to a list, report (not one's own, only published ones). */
export function SocialActions({ resource }: { resource: ResourceDetail }) {
  const session = useSession();
  const [open, setOpen] = useState<'list' | 'report' | null>(null);
  if (!session.loggedIn || session.userId === null) return null;
  const canReport = resource.status === 'published' && resource.user?.id !== session.userId;
  return (
    <div className="social-actions">
      <FavoriteButton resource={resource} />
      <button type="button" className="button button--light" onClick={() => setOpen('list')}>
        {esSocial.lists.addToList}
      </button>
      {canReport && (
        <button type="button" className="button button--light" onClick={() => setOpen('report')}>
          {esSocial.report.open}
        </button>
      )}
      <OutboxNotices resourceId={resource.id} />
      {open === 'list' && <AddToListDialog resource={resource} userId={session.userId} onClose={() => setOpen(null)} />}
      {open === 'report' && <ReportDialog resource={resource} onClose={() => setOpen(null)} />}
    </div>
  );
}
