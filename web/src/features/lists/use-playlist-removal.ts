import type { Playlist, ResourceSummary } from '@kit/contract';
import { useState } from 'react';
import { socialPaths } from '../../api/social.ts';
import { esSocial } from '../../i18n/es-social.ts';
import { loadOutbox } from '../../offline/load-outbox.ts';
import { fill } from '../../ui/fill.ts';
import { notifyError, notifyInfo, notifySuccess } from '../../ui/notifications/notifications-store.ts';
import { errorText } from '../social/social-errors.ts';

/** The items of a list shown by its owner, who may take them out (DELETE /playlist/{id}/{resourceId}, through the outbox). */
export function usePlaylistRemoval(playlist: Playlist) {
  const t = esSocial.lists;
  const [removed, setRemoved] = useState<ReadonlySet<number>>(new Set());
  const label = (item: ResourceSummary) => fill(t.removeLabel, { title: item.title, name: playlist.name });
  const mark = (id: number, gone: boolean) =>
    setRemoved((current) => {
      const next = new Set(current);
      if (gone) next.add(id);
      else next.delete(id);
      return next;
    });

  const onRemove = async (item: ResourceSummary) => {
    mark(item.id, true);
    try {
      const { submitWrite } = await loadOutbox();
      const outcome = await submitWrite({
        kind: 'list',
        label: label(item),
        requests: [{ method: 'DELETE', path: socialPaths.playlistItem(playlist.id, item.id) }],
      });
      if (outcome.sent) notifySuccess(fill(t.removedFrom, { name: playlist.name }));
      else notifyInfo(esSocial.outbox.queued);
    } catch (error) {
      mark(item.id, false);
      notifyError(errorText(error));
    }
  };

  return {
    items: playlist.content.filter((item) => !removed.has(item.id)),
    remove: { text: t.removeItem, label, onRemove: (item: ResourceSummary) => void onRemove(item) },
  };
}
