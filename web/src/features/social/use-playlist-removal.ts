import type { Playlist, ResourceSummary } from '@kit/contract';
import { useState } from 'react';
import { socialPaths } from '../../api/social.ts';
import { esSocial } from '../../i18n/es-social.ts';
import { submitWrite } from '../../offline/outbox-runtime.ts';
import { fill } from '../library/fill.ts';
import { notifyError, notifyInfo, notifySuccess } from '../notifications/notifications-store.ts';
import { errorText } from './social-errors.ts';

/** The items of a list shown by its owner, who may take them out (DELETE /playlist/{id}/{resourceId}, through the outbox). */
export function usePlaylistRemoval(playlist: Playlist) {
  const t = esSocial.lists;
  const [items, setItems] = useState<readonly ResourceSummary[]>(playlist.content);
  const onRemove = (item: ResourceSummary) => {
    setItems((current) => current.filter((other) => other.id !== item.id));
    submitWrite({
      kind: 'list',
      label: fill(t.removeLabel, { title: item.title, name: playlist.name }),
      requests: [{ method: 'DELETE', path: socialPaths.playlistItem(playlist.id, item.id) }],
    }).then(
      (outcome) => (outcome.sent ? notifySuccess(fill(t.removedFrom, { name: playlist.name })) : notifyInfo(esSocial.outbox.queued)),
      (error: unknown) => {
        setItems((current) => (current.some((other) => other.id === item.id) ? current : playlist.content.filter((other) => other.id === item.id || current.includes(other))));
        notifyError(errorText(error));
      },
    );
  };
  return { items, remove: { text: t.removeItem, label: (item: ResourceSummary) => fill(t.removeLabel, { title: item.title, name: playlist.name }), onRemove } };
}
