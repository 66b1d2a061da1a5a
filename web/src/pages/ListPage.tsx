import { useLoaderData } from 'react-router';
import { fill } from '../ui/fill.ts';
import { PlaylistItems } from '../features/library/PlaylistItems.tsx';
import type { ListData } from '../features/resources/resource-loaders.ts';
import { useSession } from '../session/session-store.ts';
import { usePlaylistRemoval } from '../features/lists/use-playlist-removal.ts';
import { esLibrary } from '../i18n/es-library.ts';

/** `/list/{id}`: a playlist's resources, in order (docs/PRODUCT.md#lists); its owner may take items out. */
export function ListPage() {
  const { playlist } = useLoaderData<ListData>();
  const session = useSession();
  const own = session.loggedIn && playlist.user !== null && playlist.user.id === session.userId;
  const { items, remove } = usePlaylistRemoval(playlist);
  return (
    <section className="list-page" key={playlist.id}>
      <h1 className="page-title">{playlist.name}</h1>
      {playlist.user && <p className="list-page__owner">{fill(esLibrary.list.by, { user: playlist.user.user_name })}</p>}
      <PlaylistItems items={items} remove={own ? remove : undefined} />
    </section>
  );
}
